import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.ts';
import type { GroupCommit } from './group-commit.ts';

export type Trx = Transaction<Database>;

/** The group commit of a SQLite database (connection.ts registers it); PostgreSQL has none. */
const groupCommits = new WeakMap<Kysely<Database>, GroupCommit>();

export function registerGroupCommit(db: Kysely<Database>, groupCommit: GroupCommit): void {
  groupCommits.set(db, groupCommit);
}

/**
 * Runs `work` in one database transaction: committed when it resolves, rolled back when it throws
 * (the error is re-thrown). Inside `work` always use `trx`, never the outer `db`: on SQLite Kysely
 * has a single connection and a query on `db` would wait for the transaction forever (DESIGN.md §4).
 * On SQLite the transaction may share its COMMIT with others (group-commit.ts); either way the
 * promise settles only once the outcome is durable. A transaction inside a transaction is refused.
 */
export function withTransaction<T>(db: Kysely<Database>, work: (trx: Trx) => Promise<T>): Promise<T> {
  if (db.isTransaction) {
    return Promise.reject(new Error('withTransaction inside a transaction: use its trx instead'));
  }
  const groupCommit = groupCommits.get(db);
  return groupCommit ? groupCommit.run(work) : db.transaction().execute(work);
}
