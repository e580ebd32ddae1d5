import { sql, type Kysely } from 'kysely';

/**
 * Background jobs that never stall on a backlog (issue 32 §3; src/jobs/batches.ts): each batch job
 * takes the least recently tried work first and puts what it tried back with a growing delay, and
 * stops asking about what is settled.
 *
 * - `pay_order.check_next_at`: when reconciliation next asks the provider about the order; 0 (the
 *   default) means "never asked: at the next run", null means settled (paid, closed or unknown at
 *   the provider, or out of the providers' retry window); `check_attempts` counts the queries.
 * - `course.reminder_attempts` / `reminder_next_at`: failed SMS reminders retried with backoff.
 * - `course.recording_attempts` / `recording_next_at`: recordings asked for with backoff.
 * - Indexes for the open-order limit (issue 32 §4), the expiry job and the purges' time columns, so
 *   every batch is read from an index in its order.
 *
 * One column per ALTER TABLE (SQLite's limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pay_order')
    .addColumn('check_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('pay_order')
    .addColumn('check_next_at', 'bigint', (c) => c.defaultTo(0))
    .execute();
  // Paid orders are settled, and so is every order older than the providers' retry window (25 h;
  // two days here, by the wall clock of the migration): the rest are asked about at the next run.
  const outOfWindow = Date.now() - 2 * 86_400_000;
  await sql`update pay_order set check_next_at = null
    where status = 200 or created_at < ${outOfWindow}`.execute(db);
  await db.schema
    .createIndex('pay_order_check_due_idx')
    .on('pay_order')
    .columns(['check_next_at', 'id'])
    .where(sql.ref('check_next_at'), 'is not', null)
    .execute();
  // Open orders of a student (at most 5) and the expiry job: awaiting orders only.
  await db.schema
    .createIndex('pay_order_open_student_idx')
    .on('pay_order')
    .columns(['student_id', 'expires_at'])
    .where(sql.ref('status'), '=', 0)
    .execute();
  await db.schema
    .createIndex('pay_order_open_expiry_idx')
    .on('pay_order')
    .columns(['expires_at', 'id'])
    .where(sql.ref('status'), '=', 0)
    .execute();

  await db.schema
    .alterTable('course')
    .addColumn('reminder_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('course').addColumn('reminder_next_at', 'bigint').execute();
  await db.schema
    .alterTable('course')
    .addColumn('recording_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('course').addColumn('recording_next_at', 'bigint').execute();
  // Held classes still without a recording, by end (the recordings job's window).
  await db.schema
    .createIndex('course_recording_due_idx')
    .on('course')
    .columns(['end_at'])
    .where(sql.ref('playback_url'), 'is', null)
    .execute();

  // The purges delete the oldest rows first, in batches: each reads its time column from an index.
  await db.schema.createIndex('sms_code_expires_idx').on('sms_code').column('expires_at').execute();
  await db.schema.createIndex('password_attempt_at_idx').on('password_attempt').column('at').execute();
  await db.schema.createIndex('sms_code_failure_at_idx').on('sms_code_failure').column('at').execute();
  await db.schema
    .createIndex('session_family_expires_idx')
    .on('session_family')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'session_family_expires_idx',
    'sms_code_failure_at_idx',
    'password_attempt_at_idx',
    'sms_code_expires_idx',
    'course_recording_due_idx',
    'pay_order_open_expiry_idx',
    'pay_order_open_student_idx',
    'pay_order_check_due_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ['recording_next_at', 'recording_attempts', 'reminder_next_at', 'reminder_attempts']) {
    await db.schema.alterTable('course').dropColumn(column).execute();
  }
  await db.schema.alterTable('pay_order').dropColumn('check_next_at').execute();
  await db.schema.alterTable('pay_order').dropColumn('check_attempts').execute();
}
