/**
 * Growth (issue 18): how the latency of three reads grows with the data. It seeds the demo data on a
 * fresh database, then copies it (bulk INSERT … SELECT, every copy with its own teachers, slots,
 * student, wallet, cards, classes and coin entries) up to 10×, 100× and 1,000× the demo data, and at
 * each scale sends sequential requests through the real HTTP app over loopback:
 *
 * - GET /teacher/getTeacherList?size=20 (sent with the student's token: a personalised read, so the
 *   public reply cache does not answer it and every request reaches the database);
 * - GET /course/getTimetable over 42 days around now, as the demo student;
 * - GET /user/coins/getCoinLogs?current=1&size=20, as the demo student.
 *
 * Prints p50/p99 per route and scale, the growth against the first scale, and the plan of every
 * statement each route ran (captured from the app's query executor during one request): EXPLAIN QUERY
 * PLAN on SQLite, EXPLAIN on PostgreSQL.
 *
 * `node --import tsx bench/growth.bench.ts`; BENCH_DATABASE_URL for PostgreSQL (a temporary schema,
 * dropped afterwards); BENCH_GROWTH_SCALES (default 10,100,1000) and BENCH_GROWTH_REQUESTS (default
 * 200 per route and scale) make a run smaller.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type QueryResult } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { adminQuery, BENCH_RATE_LIMIT_PER_MINUTE, benchSchemaName } from './server.ts';

const SCALES = (process.env.BENCH_GROWTH_SCALES ?? '10,100,1000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n >= 1)
  .sort((a, b) => a - b);
const REQUESTS = Number(process.env.BENCH_GROWTH_REQUESTS ?? 200);
const WARMUP = 20;
const DAY = 86_400_000;

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-growth-'));
const schema = databaseUrl ? benchSchemaName() : undefined;
const engine = databaseUrl ? 'postgres' : 'sqlite';

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

if (schema) await adminQuery(databaseUrl!, `create schema ${schema}`);
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  SEED_DEMO: '1',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: BENCH_RATE_LIMIT_PER_MINUTE,
  PORT: '0',
  HOST: '127.0.0.1',
});
const app = await buildApp(config, {
  logger: false,
  ...(schema ? { databaseOptions: { pgSchema: schema } } : {}),
});
const db = app.db;

/**
 * How each copied table's columns change in copy j: ids move by j × stride (the stride a power of ten
 * above the demo's largest id), references follow them, and unique text gets the copy's number.
 * Columns not named are copied as they are.
 */
type Shift = { table: string; id: boolean; refs: Record<string, string>; text?: Record<string, string> };
const SHIFTS: Shift[] = [
  { table: 'teacher', id: true, refs: {}, text: { name: "name || ' #' || cast(n.j as text)" } },
  { table: 'teacher_language', id: false, refs: { teacher_id: 'teacher' } },
  { table: 'teacher_slot', id: true, refs: { teacher_id: 'teacher' } },
  { table: 'student', id: true, refs: {}, text: { mobile: 'cast(13700000000 + n.j as text)' } },
  { table: 'wallet', id: false, refs: { student_id: 'student' } },
  { table: 'lesson_card', id: true, refs: { student_id: 'student', teacher_id: 'teacher' } },
  {
    table: 'course',
    id: true,
    refs: { student_id: 'student', teacher_id: 'teacher', slot_id: 'teacher_slot', card_id: 'lesson_card' },
  },
  { table: 'coin_log', id: true, refs: { student_id: 'student', course_id: 'course' } },
];

const strides = new Map<string, number>();
const columns = new Map<string, string[]>();

async function prepareCopies(): Promise<void> {
  const tables = await db.introspection.getTables();
  for (const shift of SHIFTS) {
    const table = tables.find((t) => t.name === shift.table);
    if (!table) throw new Error(`no table ${shift.table}`);
    // PostgreSQL refuses values for generated columns (teacher_slot.start_minute): they are computed.
    const generated =
      engine === 'postgres'
        ? (
            await sql<{ column_name: string }>`select column_name from information_schema.columns
              where table_schema = current_schema() and table_name = ${shift.table} and is_generated = 'ALWAYS'`.execute(
              db,
            )
          ).rows.map((r) => r.column_name)
        : [];
    columns.set(
      shift.table,
      table.columns.map((c) => c.name).filter((name) => !generated.includes(name)),
    );
    if (shift.id) {
      const row = await sql<{
        n: number | string | null;
      }>`select max(id) as n from ${sql.table(shift.table)}`.execute(db);
      const max = Number(row.rows[0]?.n ?? 0);
      strides.set(shift.table, 10 ** Math.ceil(Math.log10(max + 1)));
    }
  }
}

/** Copies j in [from, to) of the demo rows (those below the stride), one statement per table. */
async function copy(from: number, to: number): Promise<void> {
  if (to <= from) return;
  for (const shift of SHIFTS) {
    const cols = columns.get(shift.table)!;
    const expr = cols.map((c) => {
      if (c === 'id' && shift.id) return `id + n.j * ${strides.get(shift.table)}`;
      const ref = shift.refs[c];
      if (ref) return `${c} + n.j * ${strides.get(ref)}`;
      return shift.text?.[c] ?? c;
    });
    const demoOnly = shift.id
      ? `id < ${strides.get(shift.table)}`
      : `${Object.keys(shift.refs)[0]} < ${strides.get(Object.values(shift.refs)[0]!)}`;
    const text = `with recursive n(j) as (select ${from} union all select j + 1 from n where j < ${to - 1})
      insert into ${shift.table} (${cols.join(', ')})
      select ${expr.join(', ')} from ${shift.table}, n where ${demoOnly}`;
    await db.executeQuery(CompiledQuery.raw(text, []));
  }
  await sql`analyze`.execute(db);
}

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['teacher', 'teacher_slot', 'student', 'course', 'coin_log']) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    out[table] = Number(row.rows[0]!.n);
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Route = { name: string; url: string };

async function timeRoute(base: string, route: Route, token: string): Promise<{ p50: number; p99: number }> {
  const headers = { 'api-language': 'zh-Hans', authorization: `Bearer ${token}` };
  const times: number[] = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const started = performance.now();
    // After a long copy the kept-alive connection may have been closed by the server just as it is
    // reused: a warm-up request is then sent again (a measured one fails the run).
    const res = await fetch(base + route.url, { headers }).catch((error: unknown) => {
      if (i < WARMUP) return fetch(base + route.url, { headers });
      throw error;
    });
    const body = await res.text();
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`${route.name}: HTTP ${res.status} ${body.slice(0, 300)}`);
    if (i >= WARMUP) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { p50: Number(percentile(times, 50).toFixed(2)), p99: Number(percentile(times, 99).toFixed(2)) };
}

/** The statements one request of `route` runs, read from the app's query executor. */
async function statementsOf(base: string, route: Route, token: string): Promise<CompiledQuery[]> {
  const executor = db.getExecutor() as unknown as {
    executeQuery: (query: CompiledQuery, ...rest: unknown[]) => Promise<QueryResult<unknown>>;
  };
  const original = executor.executeQuery;
  const seen: CompiledQuery[] = [];
  executor.executeQuery = function (query, ...rest) {
    seen.push(query);
    return original.call(this, query, ...rest);
  };
  try {
    const res = await fetch(base + route.url, {
      headers: { 'api-language': 'zh-Hans', authorization: `Bearer ${token}` },
    });
    await res.text();
  } finally {
    executor.executeQuery = original;
  }
  // The route's own reads: not the session lookups of the guard.
  return seen.filter((q) => /^\s*(with|select)/i.test(q.sql) && !/\bsession\b/i.test(q.sql));
}

async function plan(query: CompiledQuery): Promise<string[]> {
  const prefix = engine === 'sqlite' ? 'explain query plan ' : 'explain ';
  const result = await db.executeQuery(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
  return (result.rows as Record<string, unknown>[]).map((row) =>
    engine === 'sqlite' ? String(row.detail) : String(row['QUERY PLAN']),
  );
}

type Row = { route: string; scale: string; p50_ms: number; p99_ms: number; 'p50 × first': string };

try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}/api/v1`;
  const student = await db
    .selectFrom('student')
    .select('id')
    .where('mobile', '=', '13800138000')
    .executeTakeFirstOrThrow();
  const { token } = await app.auth.sessions.issue(student.id);
  const now = Date.now();
  const from = new Date(now - 21 * DAY).toISOString();
  const to = new Date(now + 21 * DAY).toISOString();
  const routes: Route[] = [
    { name: 'teacher list', url: '/teacher/getTeacherList?size=20' },
    {
      name: 'timetable',
      url: `/course/getTimetable?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    },
    { name: 'coin logs', url: '/user/coins/getCoinLogs?current=1&size=20' },
  ];
  await prepareCopies();
  const rows: Row[] = [];
  const firstP50 = new Map<string, number>();
  let copies = 1;
  const plans: string[] = [];
  for (const scale of SCALES) {
    const started = performance.now();
    await copy(copies, scale);
    copies = Math.max(copies, scale);
    const sizes = await counts();
    log(
      `${scale}× on ${engine}: ${Object.entries(sizes)
        .map(([t, n]) => `${n} ${t}`)
        .join(', ')} (copied in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    for (const route of routes) {
      const { p50, p99 } = await timeRoute(base, route, token);
      if (!firstP50.has(route.name)) firstP50.set(route.name, p50);
      const row = {
        route: route.name,
        scale: `${scale}×`,
        p50_ms: p50,
        p99_ms: p99,
        'p50 × first': (p50 / firstP50.get(route.name)!).toFixed(2),
      };
      rows.push(row);
      log(`  ${row.route}: p50 ${p50} ms, p99 ${p99} ms (load average ${os.loadavg()[0]!.toFixed(2)})`);
      if (scale === SCALES[SCALES.length - 1]) {
        for (const statement of await statementsOf(base, route, token)) {
          plans.push(`\n[${route.name}] ${statement.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
          for (const line of await plan(statement)) plans.push(`    ${line}`);
        }
      }
    }
  }
  log(
    `\ngrowth on ${engine}: ${REQUESTS} sequential requests per route and scale (after ${WARMUP}), node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.table(rows); // eslint-disable-line no-console -- the table is the output of the benchmark
  log(`\nplans at ${SCALES[SCALES.length - 1]}× (${engine}):${plans.join('\n')}`);
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) await adminQuery(databaseUrl!, `drop schema if exists ${schema} cascade`);
}
