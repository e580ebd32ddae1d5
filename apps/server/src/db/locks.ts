import { sql } from 'kysely';
import type { DbDialect } from './database.ts';
import type { Trx } from './transaction.ts';

/**
 * Serializes concurrent transactions that touch the same keys (a phone, an IP) until commit.
 * PostgreSQL: transaction-scoped advisory locks; callers take them in a fixed order (e.g. phone,
 * then IP), so two transactions never wait on each other in a cycle. SQLite runs one writer at a
 * time (Kysely's single connection), so nothing is needed there.
 */
export async function lockKeys(trx: Trx, dialect: DbDialect, keys: readonly string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const key of keys) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}
