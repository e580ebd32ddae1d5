import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * The coin log's totals by student and type (issue 36: a read whose cost does not grow with the
 * student's history). `GET /user/coins/getCoinLogs` answers a page and the total of the student's
 * entries (of one type when asked); the total was counted over every entry the student ever had
 * (5,000 index entries cost 2.5 times a new student's request). `coin_log_tally` keeps it: one row
 * per student and type, `entries` the number of that student's coin_log rows of that type.
 *
 * Kept by row triggers on coin_log in the transaction of the entry, whatever writes it (the wallet,
 * a seed, the bench, a student's deletion cascading to the ledger), so it never drifts; the ledger
 * audit (ops/ledger-audit.ts) compares it with the entries. The wallet writes an entry right after
 * changing the student's wallet row, so the tally's row is always locked after that one: no new
 * lock order.
 */
const EVENTS = ['insert', 'delete'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coin_log_tally')
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('coin_log_tally_pk', ['student_id', 'type'])
    .execute();
  await sql`insert into coin_log_tally (student_id, type, entries)
    select student_id, type, count(*) from coin_log group by student_id, type`.execute(db);

  const add = (row: 'NEW' | 'OLD', delta: 1 | -1) =>
    `insert into coin_log_tally (student_id, type, entries) values (${row}.student_id, ${row}.type, ${delta}) ` +
    `on conflict (student_id, type) do update set entries = coin_log_tally.entries + ${delta};`;
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (!sqlite)
    await sql
      .raw(
        `create function coin_log_tally() returns trigger language plpgsql as $$ begin ` +
          `if TG_OP = 'INSERT' then ${add('NEW', 1)} else ${add('OLD', -1)} end if; return null; end $$`,
      )
      .execute(db);
  for (const event of EVENTS) {
    const body = sqlite
      ? `begin ${event === 'insert' ? add('NEW', 1) : add('OLD', -1)} end`
      : 'execute function coin_log_tally()';
    await sql
      .raw(`create trigger coin_log_tally_${event} after ${event} on coin_log for each row ${body}`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const event of EVENTS)
    await sql
      .raw(`drop trigger if exists coin_log_tally_${event}${sqlite ? '' : ' on coin_log'}`)
      .execute(db);
  if (!sqlite) await sql`drop function if exists coin_log_tally()`.execute(db);
  await db.schema.dropTable('coin_log_tally').execute();
}
