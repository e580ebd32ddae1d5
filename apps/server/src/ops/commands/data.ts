import fs from 'node:fs';
import path from 'node:path';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { defineCommand, OpsRefusal } from '../command.ts';

const outFile = z
  .string({ error: 'the output file is required (--out <file>)' })
  .trim()
  .min(1, 'the output file is required (--out <file>)')
  .transform((v) => path.resolve(v));

export const dbBackup = defineCommand({
  name: 'db backup',
  summary:
    'SQLite: an online, consistent copy of the database (VACUUM INTO) while the server runs; PostgreSQL: use pg_dump',
  options: { out: 'the backup file to create (must not exist)' },
  example: 'db backup --out /backups/app-2026-11-23.db',
  schema: z.object({ out: outFile }),
  run: () => Promise.reject(new Error('db backup runs outside a transaction')),
  async direct({ db, dialect }, input) {
    if (dialect !== 'sqlite') {
      throw new OpsRefusal(
        'the database is PostgreSQL: back it up with pg_dump (docs/operations.md, Backups)',
      );
    }
    if (fs.existsSync(input.out)) throw new OpsRefusal(`${input.out} exists; choose a new file`);
    fs.mkdirSync(path.dirname(input.out), { recursive: true });
    await sql`vacuum into ${input.out}`.execute(db);
    fs.chmodSync(input.out, 0o600);
    return { output: `backup written: ${input.out} (${fs.statSync(input.out).size} bytes)` };
  },
});

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; CRLF line ends. */
export function toCsv(header: string[], rows: unknown[][]): string {
  const field = (v: unknown) => {
    const text = v === null || v === undefined ? '' : String(v);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  // The BOM makes Excel read the file as UTF-8 (Chinese names and remarks).
  return `\uFEFF${[header, ...rows].map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
}

/**
 * Each export's columns are its query's select list: the CSV header is the name each one is read
 * back under (`l.id` → id, `c.type as card_type` → card_type) and each row holds the values in that
 * order. Times (`*_at`, epoch ms) are written as ISO 8601 UTC, an absent one as an empty field.
 */
const COIN_COLUMNS = [
  'l.id',
  'l.student_id',
  's.mobile',
  'l.type',
  'l.amount',
  'l.balance_after',
  'l.course_id',
  'l.order_no',
  'l.remark',
  'l.created_at',
] as const;

const CARD_COLUMNS = [
  'l.id',
  'l.card_id',
  'c.type as card_type',
  'l.student_id',
  's.mobile',
  'l.type',
  'l.amount',
  'l.lessons_after',
  'l.course_id',
  'l.remark',
  'l.created_at',
] as const;

const ORDER_COLUMNS = [
  'o.order_no',
  'o.student_id',
  's.mobile',
  'o.kind',
  'o.amount_fen',
  'o.pay_method',
  'o.provider',
  'o.status',
  'o.transaction_id',
  'o.flagged',
  'o.created_at',
  'o.paid_at',
] as const;

type Export = {
  columns: readonly string[];
  /** The rows created in [from, to), oldest first. */
  rows: (db: Db, from: number, to: number) => Promise<Record<string, unknown>[]>;
};

/** [from, to) on `created_at` of the table aliased `alias`. */
function createdIn(alias: 'l' | 'o', from: number, to: number) {
  const at = sql.ref(`${alias}.created_at`);
  return sql<SqlBool>`${at} >= ${from} and ${at} < ${to}`;
}

const EXPORTS = {
  coins: {
    columns: COIN_COLUMNS,
    rows: (db, from, to) =>
      db
        .selectFrom('coin_log as l')
        .innerJoin('student as s', 's.id', 'l.student_id')
        .select(COIN_COLUMNS)
        .where(createdIn('l', from, to))
        .orderBy('l.id')
        .execute(),
  },
  cards: {
    columns: CARD_COLUMNS,
    rows: (db, from, to) =>
      db
        .selectFrom('card_log as l')
        .innerJoin('lesson_card as c', 'c.id', 'l.card_id')
        .innerJoin('student as s', 's.id', 'l.student_id')
        .select(CARD_COLUMNS)
        .where(createdIn('l', from, to))
        .orderBy('l.id')
        .execute(),
  },
  orders: {
    columns: ORDER_COLUMNS,
    rows: (db, from, to) =>
      db
        .selectFrom('pay_order as o')
        .innerJoin('student as s', 's.id', 'o.student_id')
        .select(ORDER_COLUMNS)
        .where(createdIn('o', from, to))
        .orderBy('o.id')
        .execute(),
  },
} as const satisfies Record<string, Export>;

/** The name a selected column is read back under: its alias, else the column without its table. */
const columnName = (column: string) => column.split(' as ')[1] ?? column.split('.').at(-1)!;

async function exportTable(spec: Export, db: Db, from: number, to: number) {
  const header = spec.columns.map(columnName);
  const rows = (await spec.rows(db, from, to)).map((r) =>
    header.map((name) => {
      const value = r[name];
      return name.endsWith('_at') && value !== null ? new Date(Number(value)).toISOString() : value;
    }),
  );
  return { header, rows };
}

const day = (what: string) =>
  z
    .string({ error: `${what} is required (YYYY-MM-DD, UTC)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} is a date, YYYY-MM-DD (UTC)`)
    .transform((v) => Date.parse(`${v}T00:00:00.000Z`))
    .refine((v) => Number.isFinite(v), `${what} is not a real date`);

function exportCommand(what: keyof typeof EXPORTS) {
  return defineCommand({
    name: `export ${what}`,
    summary: `The ${what === 'orders' ? 'orders' : `${what === 'coins' ? 'coin' : 'card'} ledger entries`} created from one day to another (inclusive, UTC) as CSV (RFC 4180, UTF-8 with BOM for Excel)`,
    options: {
      from: 'first day, YYYY-MM-DD (UTC)',
      to: 'last day, YYYY-MM-DD (UTC)',
      out: 'the CSV file to write',
    },
    example: `export ${what} --from 2026-11-01 --to 2026-11-30 --out ${what}-2026-11.csv`,
    schema: z
      .object({ from: day('from'), to: day('to'), out: outFile })
      .refine((v) => v.from <= v.to, { path: ['to'], message: 'to is on or after from' }),
    audit: false,
    async run({ db }, input) {
      const { header, rows } = await exportTable(
        EXPORTS[what],
        db,
        input.from,
        input.to + 24 * 60 * 60 * 1000,
      );
      fs.writeFileSync(input.out, toCsv(header, rows), { mode: 0o600 });
      return { before: null, after: null, output: `${rows.length} row(s) written to ${input.out}` };
    },
  });
}

export const exportCoins = exportCommand('coins');
export const exportCards = exportCommand('cards');
export const exportOrders = exportCommand('orders');
