import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared; the application has a few hundred queries. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite database as Kysely's SqliteDialect sees it, with its prepared statements reused: the
 * dialect prepares every query anew (parsing and planning the SQL each time, about as costly as
 * running a small query), so `prepare` returns the statement already prepared for the same SQL text,
 * the least recently used ones dropped beyond `max`. A statement is the same object better-sqlite3
 * returned (`reader`, `run`, `all` unchanged). One still being iterated (a streamed select) is busy
 * and cannot run again until it finishes: a fresh one is prepared for that call. SQLite re-prepares a
 * statement by itself when the schema changes (a migration), so a cached one never goes stale.
 */
export function withStatementCache(
  sqlite: SqliteDatabase,
  max = STATEMENT_CACHE_SIZE,
): KyselySqliteDatabase & { readonly cachedStatements: number } {
  const cache = new Map<string, Statement>();
  return {
    prepare(sqlText: string) {
      const hit = cache.get(sqlText);
      if (hit) {
        if (hit.busy) return sqlite.prepare(sqlText);
        // Map order is insertion order: moving the hit to the end keeps the oldest first.
        cache.delete(sqlText);
        cache.set(sqlText, hit);
        return hit;
      }
      const statement = sqlite.prepare(sqlText);
      cache.set(sqlText, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
    get cachedStatements() {
      return cache.size;
    },
  };
}
