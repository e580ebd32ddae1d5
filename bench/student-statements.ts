/**
 * Where a logged-in read's time goes (issue 36): for each read of the "logged-in student" scenarios
 * (bench/scenarios.ts), on a bench server seeded with bench/students.ts, prints the statements one
 * request runs (captured from the app's query executor), the time each took and its plan (EXPLAIN
 * QUERY PLAN on SQLite, EXPLAIN on PostgreSQL with BENCH_PLAN=1), and the request's mean latency
 * over BENCH_REQUESTS (default 200) sequential requests against the time spent in its statements.
 *
 * `node --import tsx bench/student-statements.ts` (BENCH_DATABASE_URL for PostgreSQL;
 * BENCH_STUDENTS, default 200, the students seeded besides the heavy and the new one; BENCH_GROWN,
 * a grown school first: bench/grown.ts; BENCH_STUDENT_CACHE_FRESH_MS=0, the reads without the
 * student reply cache).
 */
import { performance } from 'node:perf_hooks';
import { CompiledQuery, type QueryResult } from 'kysely';
import { SCENARIOS } from './scenarios.ts';
import { growDatabase, grownShape } from './grown.ts';
import { startBenchServer } from './server.ts';
import { seedLoggedInStudents, type BenchStudent } from './students.ts';

const server = await startBenchServer({ DATABASE_URL: process.env.BENCH_DATABASE_URL });
const engine = server.config.DATABASE_URL ? 'postgres' : 'sqlite';
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const showPlans = process.env.BENCH_PLAN === '1';
try {
  const grown = grownShape(process.env.BENCH_GROWN);
  if (grown) await growDatabase(server.app, engine, grown);
  const roster = await seedLoggedInStudents(server.app, Number(process.env.BENCH_STUDENTS ?? 200));
  const db = server.app.db;
  const executor = db.getExecutor() as unknown as {
    executeQuery: (query: CompiledQuery, ...rest: unknown[]) => Promise<QueryResult<unknown>>;
  };
  const original = executor.executeQuery;
  let seen: Array<{ query: CompiledQuery; ms: number }> | undefined;
  executor.executeQuery = async function (query, ...rest) {
    const started = performance.now();
    try {
      return await original.call(this, query, ...rest);
    } finally {
      seen?.push({ query, ms: performance.now() - started });
    }
  };
  const get = async (path: string, who: BenchStudent) => {
    const res = await fetch(server.base + path.replace('{course}', String(who.courseId)), {
      headers: { 'api-language': 'zh-Hans', authorization: `Bearer ${who.token}` },
    });
    await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  };

  console.info(`engine: ${engine}; ${roster.students.length} students seeded; ${requests} requests per read`);
  for (const scenario of SCENARIOS.filter((s) => s.as)) {
    const who = (k: number) =>
      scenario.as === 'students'
        ? roster.students[k % roster.students.length]!
        : { heavy: roster.heavy, short: roster.short, new: roster.fresh }[scenario.as!];
    for (let k = 0; k < 20; k++) await get(scenario.path, who(k));
    // Statements and their time, over all requests (the session lookup included when it misses).
    seen = [];
    const started = performance.now();
    for (let k = 0; k < requests; k++) await get(scenario.path, who(k));
    const total = performance.now() - started;
    const all = seen;
    seen = [];
    await get(scenario.path, who(requests + 1));
    const one = seen;
    seen = undefined;
    const dbMs = all.reduce((sum, s) => sum + s.ms, 0);
    console.info(
      `\n${scenario.name}: ${(total / requests).toFixed(2)} ms a request, of which statements ${(dbMs / requests).toFixed(2)} ms; ${(all.length / requests).toFixed(1)} statements a request`,
    );
    const perStatement = new Map<string, { n: number; ms: number }>();
    for (const s of all) {
      const entry = perStatement.get(s.query.sql) ?? { n: 0, ms: 0 };
      entry.n++;
      entry.ms += s.ms;
      perStatement.set(s.query.sql, entry);
    }
    for (const s of one) {
      const stats = perStatement.get(s.query.sql);
      console.info(
        `  ${stats ? (stats.ms / stats.n).toFixed(3) : '?'} ms  ${s.query.sql.replace(/\s+/g, ' ').slice(0, 220)}`,
      );
      if (showPlans && /^\s*select/i.test(s.query.sql)) {
        const prefix = engine === 'sqlite' ? 'explain query plan ' : 'explain ';
        const plan = await original.call(
          executor,
          CompiledQuery.raw(prefix + s.query.sql, [...s.query.parameters]),
        );
        for (const row of plan.rows as Array<Record<string, unknown>>) {
          console.info(`      ${String(row.detail ?? row['QUERY PLAN'])}`);
        }
      }
    }
  }
} finally {
  await server.close();
}
