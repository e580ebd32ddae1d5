import { sql, type Kysely } from 'kysely';

/**
 * The logged-in student's reads at a cost that does not grow with their history (issue 36):
 *
 * - `course_student_open_idx`: the student's classes still marked not started or in class, in time
 *   order (the "recent" list and the home page's next classes). Classes leave it when the
 *   lifecycle job ends them, so a student with 2,000 classes over walks only the few to come.
 * - `course_student_status_end_idx`: the counts of the class lists (recent, finished) read from the
 *   index alone, without the table rows (status and end_at decide which list a class is in).
 * - `teacher_report_student_unread_idx`: the unread reports of a student, counted from a partial
 *   index holding only the unread ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('course_student_open_idx')
    .on('course')
    .columns(['student_id', 'start_at', 'id'])
    .where(sql.ref('status'), 'in', [100, 200])
    .execute();
  await db.schema
    .createIndex('course_student_status_end_idx')
    .on('course')
    .columns(['student_id', 'status', 'end_at'])
    .execute();
  await db.schema
    .createIndex('teacher_report_student_unread_idx')
    .on('teacher_report')
    .column('student_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('teacher_report_student_unread_idx').execute();
  await db.schema.dropIndex('course_student_status_end_idx').execute();
  await db.schema.dropIndex('course_student_open_idx').execute();
}
