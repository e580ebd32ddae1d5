import { PostgresAdapter } from 'kysely';
import type { Db, DbDialect } from './database.ts';

/** The database's dialect, read from its adapter (for code that is handed a `Db` only). */
export function dialectOf(db: Db): DbDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
