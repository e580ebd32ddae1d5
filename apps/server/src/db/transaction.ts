import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.ts';

export type Trx = Transaction<Database>;

/**
 * Runs `work` in one database transaction: committed when it resolves, rolled back when it throws
 * (the error is re-thrown). Inside `work` always use `trx`, never the outer `db`: on SQLite Kysely
 * has a single connection and a query on `db` would wait for the transaction forever (DESIGN.md §4).
 */
export function withTransaction<T>(db: Kysely<Database>, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
