/**
 * The home page's counts by outcome (issue 33 §3: attended, missed, cancelled, called off) from the
 * index alone, as the list counts were (issue 36): `course_student_status_end_idx` gains `attended`,
 * so a student with 2,000 classes costs what a new one does.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('course_student_outcome_idx')
    .on('course')
    .columns(['student_id', 'status', 'end_at', 'attended'])
    .execute();
  // Every query the old index served (student, status, end) is served by the new one's prefix.
  await db.schema.dropIndex('course_student_status_end_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('course_student_status_end_idx')
    .on('course')
    .columns(['student_id', 'status', 'end_at'])
    .execute();
  await db.schema.dropIndex('course_student_outcome_idx').execute();
}
