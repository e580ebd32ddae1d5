import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { withNamedStatements } from './pg-named-statements.ts';
import type { Config } from '../config.ts';
import type { Database, DbDialect } from './database.ts';
import { createGroupCommit } from './group-commit.ts';
import { withStatementCache } from './statement-cache.ts';
import { registerGroupCommit } from './transaction.ts';

// int8 (bigint: epoch-ms timestamps, count(*)) as numbers; safe far below 2^53 (DESIGN.md §4).
pg.types.setTypeParser(20, (value) => Number(value));

export type DatabaseHandle = {
  db: Kysely<Database>;
  dialect: DbDialect;
  /** Closes the connection(s); idempotent. */
  destroy: () => Promise<void>;
};

export type DatabaseOptions = {
  /** PostgreSQL only: the schema the connection works in (search_path); tests use one per file. */
  pgSchema?: string;
};

export function sqliteFileOf(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'app.db');
}

/**
 * DATA_DIR holds secrets (the SQLite file stores password hashes, sessions and, unless configured,
 * the generated JWT secret and SMS pepper; the outbox holds live SMS codes): it is created 0700 and
 * the database files are 0600 (issue 11). An existing DATA_DIR keeps the permissions its operator
 * gave it. SQLite creates the -wal and -shm files with the mode of the database file, so making the
 * database 0600 before SQLite opens it covers them; those left by an earlier run are tightened too.
 */
function restrictDataFiles(dataDir: string, file: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    if (f === file || fs.existsSync(f)) fs.chmodSync(f, 0o600);
  }
}

/** SQLite at DATA_DIR/app.db by default, PostgreSQL when DATABASE_URL is set. */
export function openDatabase(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>,
  options: DatabaseOptions = {},
): DatabaseHandle {
  let db: Kysely<Database>;
  let dialect: DbDialect;
  if (config.DATABASE_URL) {
    if (options.pgSchema && !/^[a-z_][a-z0-9_]*$/.test(options.pgSchema)) {
      throw new Error(`Invalid PostgreSQL schema name: ${options.pgSchema}`);
    }
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
    dialect = 'postgres';
  } else {
    const file = sqliteFileOf(config);
    restrictDataFiles(config.DATA_DIR, file);
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    // Lets the operations CLI and the server share the file (DESIGN.md §4).
    sqlite.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    registerGroupCommit(db, createGroupCommit(db));
    dialect = 'sqlite';
  }
  let destroyed: Promise<void> | undefined;
  return {
    db,
    dialect,
    destroy: () => (destroyed ??= db.destroy()),
  };
}

/** A trivial query: throws when the database cannot answer. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
