import { sql, type Kysely } from 'kysely';

/**
 * The room tickets' claims (issue 35): `class_notice` rows of kind `ticket:<id>`, deleted by the
 * job classroom.attendance once their ticket has expired. The table also keeps two notices of every
 * class for good, so without an index of its own each run would read every class's notices to find
 * the few claims. A partial index over the claims alone, by age: the purge's condition repeats the
 * index's predicate word for word (`kind like 'ticket:%'`, a literal), so SQLite and PostgreSQL use
 * it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('class_notice_ticket_claimed_idx')
    .on('class_notice')
    .column('claimed_at')
    .where(sql<boolean>`kind like 'ticket:%'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('class_notice_ticket_claimed_idx').execute();
}
