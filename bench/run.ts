/**
 * `npm run bench`: HTTP benchmarks of the real server (built in-process on a fresh SQLite database
 * in a temporary directory, or on PostgreSQL when BENCH_DATABASE_URL is set) driven by autocannon
 * over loopback. Prints a table of requests/s and latency percentiles per scenario.
 * BENCH_SECONDS (default 5) sets the duration of each scenario; BENCH_ONLY filters by name.
 */
import autocannon from 'autocannon';
import { SCENARIOS } from './scenarios.ts';
import { startBenchServer } from './server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const only = process.env.BENCH_ONLY;
const server = await startBenchServer({ DATABASE_URL: process.env.BENCH_DATABASE_URL });
const { base, config } = server;

type Row = { scenario: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };
const rows: Row[] = [];
try {
  for (const scenario of SCENARIOS) {
    if (only && !scenario.name.includes(only)) continue;
    const result = await autocannon({
      url: base + scenario.path,
      connections: scenario.connections ?? 10,
      duration: seconds,
      headers: { 'api-language': 'zh-Hans', ...(scenario.headers ?? {}) },
    });
    rows.push({
      scenario: scenario.name,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    });
  }
} finally {
  await server.close();
}

console.info(
  `\nengine: ${config.DATABASE_URL ? 'postgres' : 'sqlite'}, ${seconds} s per scenario, node ${process.version}`,
);
console.table(rows); // eslint-disable-line no-console -- the table is the output of the benchmark
const failed = rows.filter((r) => r.errors > 0 || r.non2xx > 0);
if (failed.length > 0) {
  console.error(`scenarios with errors: ${failed.map((r) => r.scenario).join(', ')}`);
  process.exit(1);
}
