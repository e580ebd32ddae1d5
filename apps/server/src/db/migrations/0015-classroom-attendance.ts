import { sql, type Kysely } from 'kysely';
import { identityId } from './identity-column.ts';

/**
 * The live classroom's attendance (issue 35, DESIGN.md §12):
 * - `class_attendance`: one row per stay of a seat (student or teacher) in a class's room, from its
 *   join to its leave (null while the seat is still in the room). A class may be entered and left
 *   several times, so a seat has as many rows as stays; minutes in class are the sum of the stays.
 *   At most one open stay per class and seat (a partial unique index): two instances recording the
 *   same join cannot open two.
 * - `class_notice`: the notices of a class sent at most once across instances (the teacher's room
 *   link when the room opens, the student's no-show notice), claimed by inserting the (class, kind)
 *   key before sending.
 * - `course_unmarked_end_idx`: ended classes not marked attended or absent, by end (the job).
 * - `teacher_contact`: a teacher's phone on record, where the room link is sent; a table of its own
 *   so the teacher's public row (profiles, lists) never carries it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('class_attendance')
    .addColumn('id', 'integer', identityId(db))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('course.id').onDelete('cascade'))
    .addColumn('seat', 'text', (c) => c.notNull().check(sql`seat in ('student', 'teacher')`))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addColumn('left_at', 'bigint')
    .execute();
  // A class's stays in order (ops `class attendance`, "has the teacher come?" of the no-show job).
  await db.schema
    .createIndex('class_attendance_course_seat_idx')
    .on('class_attendance')
    .columns(['course_id', 'seat', 'joined_at'])
    .execute();
  await db.schema
    .createIndex('class_attendance_open_seat_idx')
    .on('class_attendance')
    .columns(['course_id', 'seat'])
    .unique()
    .where(sql.ref('left_at'), 'is', null)
    .execute();

  // The attendance job's read of ended classes nobody has marked (student absences): a day's range
  // by end instead of every class over, every 30 s on every instance. Its reads by start (no-shows,
  // rooms opening) use course_reminder_due_idx (status, start_at).
  await db.schema
    .createIndex('course_unmarked_end_idx')
    .on('course')
    .columns(['end_at'])
    .where(sql.ref('attended'), 'is', null)
    .execute();

  await db.schema
    .createTable('class_notice')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('course.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('class_notice_pk', ['course_id', 'kind'])
    .execute();

  await db.schema
    .createTable('teacher_contact')
    .addColumn('teacher_id', 'integer', (c) => c.primaryKey().references('teacher.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('teacher_contact').execute();
  await db.schema.dropTable('class_notice').execute();
  await db.schema.dropIndex('course_unmarked_end_idx').execute();
  await db.schema.dropTable('class_attendance').execute();
}
