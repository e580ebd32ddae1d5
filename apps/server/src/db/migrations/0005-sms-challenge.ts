import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Code binding (issue #11, DESIGN.md §7 "Code binding"). Each SMS code gets the SHA-256 of the
 * challenge its send returned and a second try counter: `attempts` (0002) now counts the wrong tries
 * made without the matching challenge, `challenge_attempts` those made with it. Failed code checks
 * are logged per client IP key (IPv4 address or IPv6 /64) for the per-IP limit, in the database so
 * the limit holds across instances. One column per ALTER TABLE: SQLite's limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    sqlite ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity();

  // Null for codes sent before this migration: they only have the "without" bucket.
  await db.schema.alterTable('sms_code').addColumn('challenge_hash', 'text').execute();
  await db.schema
    .alterTable('sms_code')
    .addColumn('challenge_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // A check is recorded here before the code is compared (so concurrent guesses count against the
  // limit) and the row is deleted again when the code was right.
  await db.schema
    .createTable('sms_code_failure')
    .addColumn('id', 'integer', id)
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_code_failure_ip_idx')
    .on('sms_code_failure')
    .columns(['ip', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_code_failure').execute();
  await db.schema.alterTable('sms_code').dropColumn('challenge_attempts').execute();
  await db.schema.alterTable('sms_code').dropColumn('challenge_hash').execute();
}
