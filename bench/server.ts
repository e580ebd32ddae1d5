import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../apps/server/src/app.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { tuneServerRuntime } from '../apps/server/src/runtime-tuning.ts';
import type { App } from '../apps/server/src/http/fastify-types.ts';
import { growDatabase, grownShape } from './grown.ts';
import { seedLoggedInStudents } from './students.ts';

/**
 * The per-IP request limit of every bench server: the API scenarios together send millions of
 * requests a minute from one address on a fast machine, and the limiter must not answer them.
 */
export const BENCH_RATE_LIMIT_PER_MINUTE = '1000000000';

/** A fresh schema name for a bench's PostgreSQL tables (`bench_` and 12 hex digits). */
export function benchSchemaName(): string {
  return `bench_${randomBytes(6).toString('hex')}`;
}

/** Runs one statement on PostgreSQL `databaseUrl` over a connection of its own (schemas made and dropped). */
export async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export type BenchServer = { app: App; config: Config; base: string; close: () => Promise<void> };

/**
 * The real server, in-process, on a fresh demo database in a temporary directory (or in a fresh
 * schema of the database of `env.DATABASE_URL`, dropped on close), listening on a free loopback
 * port, without the request limiter. Silent unless `logger` says otherwise (`'app'`: the app's own
 * logger on stdout at `env.LOG_LEVEL`).
 */
export async function startBenchServer(
  env: Record<string, string | undefined> = {},
  logger: BuildAppOptions['logger'] | 'app' = false,
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: BENCH_RATE_LIMIT_PER_MINUTE,
    PORT: '0',
    HOST: '127.0.0.1',
    ...env,
  });
  // On PostgreSQL, a schema of its own: the database outlives the run, and what one run seeded (the
  // booking bench's students, by fixed mobile numbers) must not meet the next run's.
  const schema = config.DATABASE_URL ? benchSchemaName() : undefined;
  const admin = (statement: string) => adminQuery(config.DATABASE_URL!, statement);
  if (schema) await admin(`create schema ${schema}`);
  // BENCH_STUDENT_CACHE_FRESH_MS: the student reply cache's freshness (0 turns it off: the reads
  // without the cache, in the same build).
  const freshMs = process.env.BENCH_STUDENT_CACHE_FRESH_MS;
  const app = await buildApp(config, {
    ...(logger === 'app' ? {} : { logger }),
    ...(schema ? { databaseOptions: { pgSchema: schema } } : {}),
    ...(freshMs ? { studentCache: { freshMs: Number(freshMs) } } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    app,
    config,
    base: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close();
      if (schema) await admin(`drop schema ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Run as its own process by bench/run.ts: prints `{"base": …, "engine": …}` on file descriptor 3
// once it listens and closes on SIGTERM. It logs as production does, the app's default logger at
// BENCH_LOG_LEVEL (default info) on stdout, which bench/run.ts sends to /dev/null.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // As apps/server/src/server.ts does: the bench measures the server production runs.
  tuneServerRuntime();
  const server = await startBenchServer(
    { DATABASE_URL: process.env.BENCH_DATABASE_URL, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' },
    'app',
  );
  // BENCH_STUDENTS=<n>: the logged-in students' roster (bench/students.ts), seeded before listening
  // is reported, written as JSON to a file whose path goes with the address.
  let roster: string | undefined;
  // BENCH_GROWN: a grown school (bench/grown.ts) before the bench's own students.
  const grown = grownShape(process.env.BENCH_GROWN);
  let grownMs: number | undefined;
  if (grown)
    grownMs = await growDatabase(server.app, server.config.DATABASE_URL ? 'postgres' : 'sqlite', grown);
  if (process.env.BENCH_STUDENTS) {
    const seeded = await seedLoggedInStudents(server.app, Number(process.env.BENCH_STUDENTS));
    roster = path.join(server.config.DATA_DIR, 'roster.json');
    fs.writeFileSync(roster, JSON.stringify(seeded));
  }
  fs.writeSync(
    3,
    `${JSON.stringify({ base: server.base, engine: server.config.DATABASE_URL ? 'postgres' : 'sqlite', roster, grown: grown && { ...grown, ms: grownMs } })}\n`,
  );
  process.once('SIGTERM', () => {
    // The student reply cache's hits and misses over the run (on stderr, which the bench shows).
    const { hits, misses, entries } = server.app.studentCache.stats();
    if (hits + misses > 0)
      process.stderr.write(`student reply cache: ${hits} hits, ${misses} misses, ${entries} entries\n`);
    void server.close().then(() => process.exit(0));
  });
}
