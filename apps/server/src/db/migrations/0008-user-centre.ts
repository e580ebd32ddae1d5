import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * The user centre (issue 15): the class-reminder setting of a student (on by default), the claim of
 * each class's reminder (set before the SMS is sent, by a conditional update, so two instances never
 * send it twice), and the students' complaints with the school's reply. One column per ALTER TABLE:
 * SQLite's limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    sqlite ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity();

  await db.schema
    .alterTable('student')
    .addColumn('class_reminder', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('course').addColumn('reminder_sent_at', 'bigint').execute();
  // The reminder job reads classes about to start that have not been reminded of.
  await db.schema
    .createIndex('course_reminder_due_idx')
    .on('course')
    .columns(['status', 'start_at', 'reminder_sent_at'])
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'integer', id)
    .addColumn('student_id', 'integer', (c) => c.notNull().references('student.id').onDelete('cascade'))
    // FEEDBACK_TYPES value (bug, teacher, course, suggestion, other).
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // The contact number the student left ('' when none).
    .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
    // 0 pending, 1 processed, 2 closed (FEEDBACK_STATES).
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply', 'text')
    .addColumn('reply_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_student_idx').on('feedback').columns(['student_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
  await db.schema.dropIndex('course_reminder_due_idx').execute();
  await db.schema.alterTable('course').dropColumn('reminder_sent_at').execute();
  await db.schema.alterTable('student').dropColumn('class_reminder').execute();
}
