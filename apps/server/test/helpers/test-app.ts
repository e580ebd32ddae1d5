import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { createAdjustableClock, type AdjustableClock } from '../../src/clock.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, sqliteFileOf, type DatabaseHandle } from '../../src/db/connection.ts';
import type { Db, DbDialect } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import type { App } from '../../src/http/fastify-types.ts';
import { testFileStoreEnv } from './s3-store.ts';
import { attachReplyValidation } from './reply-validation.ts';

/**
 * How the server's test files are named and grouped: test/README.md.
 *
 * API tests run on a fresh, migrated, real database: SQLite files in a temporary directory by
 * default; PostgreSQL when TEST_DATABASE_URL is set, one schema per test file (created on first use,
 * dropped after the file), truncated whenever another app is built in the same file.
 *
 * On PostgreSQL each Vitest worker has a database of its own: the first worker uses the one given,
 * the others one beside it named after the worker (`test_w2`, created on first use with the given
 * database's `synchronous_commit`). Advisory locks (jobs, migrations) are database-wide, so files of
 * two workers in one database would wait on or skip each other's jobs.
 */
const GIVEN_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
const WORKER = Number(process.env.VITEST_POOL_ID ?? 1);

function workerDatabaseUrl(given: string | undefined): string | undefined {
  if (!given || !(WORKER > 1)) return given;
  const url = new URL(given);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1)) || 'postgres'}_w${WORKER}`;
  return url.toString();
}

export const TEST_DATABASE_URL = workerDatabaseUrl(GIVEN_DATABASE_URL);

export type TestApp = {
  app: App;
  config: Config;
  db: Db;
  dialect: DbDialect;
  /** The app's clock: real time plus an offset the test advances (`clock.advance(ms)`). */
  clock: AdjustableClock;
  /** Closes the app's database only (to test behaviour without a database). */
  closeDatabase: () => Promise<void>;
  /** Closes the app and its database; also called automatically after each test. */
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Environment variables as the server would read them (parsed by loadConfig). */
  env?: Record<string, string | undefined>;
  /** Config values set after parsing. */
  config?: Partial<Config>;
  /** Build on the database of this earlier app (same SQLite file / PG schema), without clearing it. */
  reuseDatabaseOf?: TestApp;
  /** Observer of the registered routes. */
  onRoute?: BuildAppOptions['onRoute'];
  /** Adds routes only a test needs (before the app is ready). */
  extraRoutes?: (app: App) => void | Promise<void>;
  /** Share a clock with another app (instances of one deployment); a new one by default. */
  clock?: AdjustableClock;
};

const tempDirs: string[] = [];
const openApps = new Set<TestApp>();
let fileSchema: string | undefined;

/**
 * Where the tests' data directories go: a memory file system when the machine has one. The SQLite
 * files are as real as on a disk, but a commit's fsync no longer waits for one (on a loaded CI
 * machine that took up to seconds per app).
 */
const TEST_TMP = (() => {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
})();

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(TEST_TMP, prefix));
  tempDirs.push(dir);
  return dir;
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * A SQLite file migrated to the latest schema, made once per worker: a new app's database starts
 * as a copy of it instead of running every migration again (a fifth of an API test's time). Only
 * for an app that seeds no demo data: the demo is seeded on a database that had never been
 * migrated (db/seed shouldSeedDemo), so those apps migrate their own.
 */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = fs.mkdtempSync(path.join(TEST_TMP, 'ls-template-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const database = openDatabase(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }));
    await migrateToLatest(database.db, database.dialect);
    // Closing the only connection checkpoints the WAL into the file and removes it.
    await database.destroy();
    return sqliteFileOf({ DATA_DIR: dir });
  })();
  return sqliteTemplate;
}

async function withAdminClient<T>(
  work: (client: pg.Client) => Promise<T>,
  connectionString = TEST_DATABASE_URL,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let workerDatabase: Promise<void> | undefined;

/** Creates this worker's database when it is not the given one and does not exist yet. */
function ensureWorkerDatabase(): Promise<void> {
  workerDatabase ??= (async () => {
    if (!GIVEN_DATABASE_URL || !TEST_DATABASE_URL || TEST_DATABASE_URL === GIVEN_DATABASE_URL) return;
    const name = decodeURIComponent(new URL(TEST_DATABASE_URL).pathname.slice(1));
    await withAdminClient(async (client) => {
      const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) return;
      const quoted = client.escapeIdentifier(name);
      await client.query(`create database ${quoted}`).catch((error: { code?: string }) => {
        // Another run's worker created it first.
        if (error.code !== '42P04') throw error;
      });
      const { rows } = await client.query<{ setting: string }>(
        `select setting from pg_settings where name = 'synchronous_commit'`,
      );
      const commit = rows[0]?.setting;
      if (commit && commit !== 'on')
        await client.query(
          `alter database ${quoted} set synchronous_commit = ${client.escapeLiteral(commit)}`,
        );
    }, GIVEN_DATABASE_URL);
  })();
  return workerDatabase;
}

async function ensureFileSchema(): Promise<{ schema: string; created: boolean }> {
  if (fileSchema) return { schema: fileSchema, created: false };
  await ensureWorkerDatabase();
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((c) => c.query(`create schema ${schema}`));
  fileSchema = schema;
  return { schema, created: true };
}

/** Empties every application table of the file's schema (not Kysely's migration bookkeeping). */
async function truncateAll(db: Db, schema: string): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = ${schema} and tablename not like 'kysely_%'`.execute(
    db,
  );
  if (rows.length === 0) return;
  const list = rows.map((r) => `"${schema}"."${r.tablename}"`).join(', ');
  await sql.raw(`truncate ${list} restart identity cascade`).execute(db);
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const reused = options.reuseDatabaseOf;
  const dataDir = reused ? reused.config.DATA_DIR : tempDir('ls-data-');
  const config = loadConfig(
    {
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      // Cheap password hashing; a test that measures timing sets its own.
      SCRYPT_COST: '1024',
      // Fixed secrets, so a test's database starts empty; auth tests unset them to test generation.
      JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
      SMS_CODE_PEPPER: 'test-sms-pepper-0123456789abcdef0123456789',
      // The demo classroom (a local page, its recording at the end): tests of the live room, the
      // product's default, set CLASSROOM_DRIVER=live (helpers/classroom.ts LIVE_ENV).
      CLASSROOM_DRIVER: 'demo',
      // A directory that does not exist: the placeholder page unless a test passes its own build.
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      ...(TEST_DATABASE_URL ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
      // The directory driver, or a local S3 store with TEST_FILE_STORE=s3 (helpers/s3-store.ts).
      ...(await testFileStoreEnv(options.env, reused?.config)),
      ...options.env,
      DATA_DIR: dataDir,
    },
    options.config,
  );

  let database: DatabaseHandle;
  if (config.DATABASE_URL) {
    const { schema, created } = await ensureFileSchema();
    database = openDatabase(config, { pgSchema: schema });
    if (!created && !reused) {
      // The schema served an earlier test of this file: empty it before the app starts (and seeds).
      await migrateToLatest(database.db, database.dialect);
      await truncateAll(database.db, schema);
    }
  } else {
    if (!reused && config.SEED_DEMO === false)
      fs.copyFileSync(await migratedSqliteTemplate(), sqliteFileOf(config));
    database = openDatabase(config);
  }

  const clock = options.clock ?? createAdjustableClock();
  const app = await buildApp(config, {
    database,
    clock,
    // Jobs run when a test asks (app.jobs.runOnce), never on a timer in the middle of one.
    scheduleJobs: false,
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  if (options.extraRoutes) await options.extraRoutes(app);
  // Every JSON reply is checked against the OpenAPI document (issue 39).
  attachReplyValidation(app);
  await app.ready();

  const testApp: TestApp = {
    app,
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    closeDatabase: () => database.destroy(),
    close: async () => {
      openApps.delete(testApp);
      await app.close();
    },
  };
  openApps.add(testApp);
  return testApp;
}

/** A directory with a fake web build: index.html and one hashed asset. */
export function createFakeWebDist(): { dir: string; indexHtml: string; assetPath: string } {
  const dir = tempDir('ls-web-');
  const indexHtml =
    '<!doctype html><html><head><title>fake spa</title></head><body><div id="root"></div></body></html>';
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'x-abc123.js'), 'console.log("x");\n');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, indexHtml, assetPath: '/assets/x-abc123.js' };
}

/** Closes apps a test left open (setup.ts calls it after each test). */
export async function closeOpenApps(): Promise<void> {
  await Promise.all([...openApps].map((t) => t.close()));
}

/** Drops the file's PostgreSQL schema and temporary directories (setup.ts calls it after the file). */
export async function cleanUpTestFile(): Promise<void> {
  await closeOpenApps();
  if (fileSchema && TEST_DATABASE_URL) {
    const schema = fileSchema;
    fileSchema = undefined;
    await withAdminClient((c) => c.query(`drop schema if exists ${schema} cascade`));
  }
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}
