import { sql, type Kysely } from 'kysely';

/**
 * The live classroom's recording (issue 35, DESIGN.md §12 "Recording"):
 * - `class_recording`: one row per class whose teacher's seat uploaded a chunk: `open` while chunks
 *   come, `final` once joined into one object (`final_key`). `claimed_at` is the finaliser's claim
 *   (a conditional update): one instance joins at a time, and a claim older than a few minutes (a
 *   crashed finaliser) may be taken over; joining again writes the same bytes, so twice never
 *   corrupts. `duration_ms` is the longest recording time a chunk reported.
 * - `class_recording_chunk`: the chunks stored (class, number, bytes, when), keyed by number, so a
 *   re-sent chunk replaces its earlier upload; `head` marks the first chunk of a recorder (the WebM
 *   header).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('class_recording')
    .addColumn('course_id', 'integer', (c) => c.primaryKey().references('course.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'final')`),
    )
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint')
    .addColumn('final_key', 'text')
    .addColumn('finalised_at', 'bigint')
    .execute();

  await db.schema
    .createTable('class_recording_chunk')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('course.id').onDelete('cascade'))
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('head', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('class_recording_chunk_pk', ['course_id', 'n'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('class_recording_chunk').execute();
  await db.schema.dropTable('class_recording').execute();
}
