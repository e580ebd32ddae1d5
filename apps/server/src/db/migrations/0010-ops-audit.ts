import type { Kysely } from 'kysely';
import { identityId } from './identity-column.ts';

/**
 * The audit trail of the operations CLI (issue #17): one row per command that changed something,
 * written in the same transaction as the change. Who (`--actor` or $USER), what (command and its
 * arguments, JSON), when (epoch ms) and the state before and after (JSON). Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = identityId(db);
  await db.schema
    .createTable('ops_audit')
    .addColumn('id', 'integer', id)
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('command', 'text', (c) => c.notNull())
    .addColumn('args', 'text', (c) => c.notNull())
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ops_audit_at_idx').on('ops_audit').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ops_audit').execute();
}
