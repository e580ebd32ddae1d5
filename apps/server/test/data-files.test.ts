import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, secretsInDatabaseWarnings } from '../src/config.ts';
import { openDatabase, sqliteFileOf } from '../src/db/connection.ts';

/**
 * Issue 11, point 12: DATA_DIR and the SQLite files hold secrets (password hashes, sessions, the
 * generated JWT secret and SMS pepper), so they are the owner's only; and a PostgreSQL deployment
 * that leaves its secrets to the database is warned at start-up about what a dump then reveals.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-files-'));
  dirs.push(dir);
  return dir;
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('data files', () => {
  it('creates DATA_DIR 0700 and the SQLite database, WAL and shared-memory files 0600', async () => {
    const dataDir = path.join(tempRoot(), 'nested', 'data');
    const handle = openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    // A write creates the WAL and shared-memory files.
    await handle.db.schema.createTable('probe').addColumn('id', 'integer').execute();
    const file = sqliteFileOf({ DATA_DIR: dataDir });
    expect(modeOf(dataDir).toString(8)).toBe('700');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) {
      expect(fs.existsSync(f), f).toBe(true);
      expect(modeOf(f).toString(8), f).toBe('600');
    }
    await handle.destroy();
  });

  it('tightens database files an earlier version left readable by others', async () => {
    const dataDir = tempRoot();
    const file = sqliteFileOf({ DATA_DIR: dataDir });
    const first = openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    await first.db.schema.createTable('probe').addColumn('id', 'integer').execute();
    await first.destroy();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) {
      if (fs.existsSync(f)) fs.chmodSync(f, 0o644);
    }
    const again = openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    await sql`select * from probe`.execute(again.db);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) {
      if (fs.existsSync(f)) expect(modeOf(f).toString(8), f).toBe('600');
    }
    await again.destroy();
  });
});

describe('secrets left to the database', () => {
  const base = { SEED_DEMO: '0', SCRYPT_COST: '1024', LOG_LEVEL: 'warn' };

  /** Builds the app with the given environment and returns its warnings. */
  async function startUpWarnings(env: Record<string, string>): Promise<string[]> {
    const dataDir = tempRoot();
    const config = loadConfig({ ...base, ...env, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'none') });
    const lines: string[] = [];
    // The app runs on SQLite here whatever DATABASE_URL says: the warning depends on the configuration.
    const database = openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    const app = await buildApp(config, {
      database,
      logger: { level: 'warn', stream: { write: (line) => void lines.push(line) } },
    });
    await app.close();
    return lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40)
      .map((entry) => entry.msg);
  }

  it('warns at start-up, on PostgreSQL, what a dump reveals when JWT_SECRET or SMS_CODE_PEPPER is unset', async () => {
    const warnings = await startUpWarnings({ DATABASE_URL: 'postgres://app@db.example:5432/school' });
    const jwt = warnings.find((w) => w.startsWith('JWT_SECRET is not set'));
    const pepper = warnings.find((w) => w.startsWith('SMS_CODE_PEPPER is not set'));
    expect(jwt).toContain('dump');
    expect(jwt).toContain('sign access tokens');
    expect(pepper).toContain('dump');
    expect(pepper).toContain('SMS codes');
  });

  it('names only the secret that is missing, and says nothing when both are set or on SQLite', async () => {
    const secret = 'a-configured-secret-0123456789abcdef0123';
    const pg = { DATABASE_URL: 'postgres://app@db.example:5432/school' };
    expect(secretsInDatabaseWarnings(loadConfig({ ...pg, JWT_SECRET: secret }))).toEqual([
      expect.stringMatching(/^SMS_CODE_PEPPER is not set/),
    ]);
    expect(secretsInDatabaseWarnings(loadConfig({ ...pg, SMS_CODE_PEPPER: secret }))).toEqual([
      expect.stringMatching(/^JWT_SECRET is not set/),
    ]);
    const quiet = await startUpWarnings({ ...pg, JWT_SECRET: secret, SMS_CODE_PEPPER: secret });
    expect(quiet.filter((w) => /JWT_SECRET|SMS_CODE_PEPPER/.test(w))).toEqual([]);
    expect(secretsInDatabaseWarnings(loadConfig({}))).toEqual([]);
  });
});
