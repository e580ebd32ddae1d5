import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database, DbDialect } from './database.ts';

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
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    dialect = 'postgres';
  } else {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    const sqlite = new SqliteDatabase(sqliteFileOf(config));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    // Lets the operations CLI and the server share the file (DESIGN.md §4).
    sqlite.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
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
