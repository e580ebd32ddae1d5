import type { Kysely } from 'kysely';
import { identityId } from './identity-column.ts';

/**
 * Per-student limits on what costs (issue 32 §4): one row per counted action of a student (a
 * password-change try, a complaint, a review, an upload), read by the rolling windows of
 * modules/students/student-quotas.ts. In the database, so the limits hold across instances. Rows
 * older than an action's longest window are deleted when the student next takes that action.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('student_quota_event')
    .addColumn('id', 'integer', identityId(db))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('student.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('student_quota_event_student_action_at_idx')
    .on('student_quota_event')
    .columns(['student_id', 'action', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('student_quota_event').execute();
}
