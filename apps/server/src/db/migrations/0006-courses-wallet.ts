import { SqliteAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Classes and the wallet (issue #13, DESIGN.md §7 "Booking", "Cancelling", "Class lifecycle",
 * "Wallet"): the coin wallet and its ledger, lesson cards and their ledger, classes, reviews,
 * teachers' reports, idempotency records and calendar tokens. Timestamps are epoch ms; flags 0/1;
 * coins and lessons are integers. The database has the last word on what must never happen: a
 * balance below zero (CHECK) and two live classes in one slot (a partial unique index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    sqlite ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity();

  // One row per student, created on first use. Every transaction that books, cancels or changes a
  // balance first bumps `version`: on PostgreSQL that row lock serializes a student's transactions.
  await db.schema
    .createTable('wallet')
    .addColumn('student_id', 'integer', (c) => c.primaryKey().references('student.id').onDelete('cascade'))
    .addColumn('coins', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`coins >= 0`),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('lesson_card')
    .addColumn('id', 'integer', id)
    .addColumn('student_id', 'integer', (c) => c.notNull().references('student.id').onDelete('cascade'))
    // 100 exclusive-teacher card (bound to teacher_id), 200 Filipino-teacher card.
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('teacher_id', 'integer', (c) => c.references('teacher.id'))
    .addColumn('lessons_total', 'integer', (c) => c.notNull())
    .addColumn('lessons_left', 'integer', (c) => c.notNull().check(sql`lessons_left >= 0`))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lesson_card_student_expires_idx')
    .on('lesson_card')
    .columns(['student_id', 'expires_at', 'id'])
    .execute();

  await db.schema
    .createTable('course')
    .addColumn('id', 'integer', id)
    .addColumn('student_id', 'integer', (c) => c.notNull().references('student.id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teacher.id'))
    .addColumn('slot_id', 'integer', (c) => c.notNull().references('teacher_slot.id'))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    // -100 abolished, -200 cancelled, 100 not started, 200 in class, 300 over (SPEC.md §3).
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(100))
    // coin | card
    .addColumn('pay_type', 'text', (c) => c.notNull())
    .addColumn('price_coins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('card_id', 'integer', (c) => c.references('lesson_card.id'))
    .addColumn('cancel_reason', 'text')
    .addColumn('cancel_remark', 'text')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('late_cancel', 'integer', (c) => c.notNull().defaultTo(0))
    // null until reported; 0 absent (no playback), 1 present.
    .addColumn('attended', 'integer')
    .addColumn('classroom_url', 'text')
    .addColumn('playback_url', 'text')
    .addColumn('playback_ready_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // At most one live class (not started, in class, over) per slot: the race for a slot is decided
  // here as well as by the conditional update of teacher_slot.
  await db.schema
    .createIndex('course_slot_live_uq')
    .on('course')
    .column('slot_id')
    .unique()
    .where(sql.ref('status'), 'in', [100, 200, 300])
    .execute();
  // Timetable, lists, overlap and upcoming-count checks of one student.
  await db.schema
    .createIndex('course_student_start_idx')
    .on('course')
    .columns(['student_id', 'start_at', 'id'])
    .execute();
  // Late cancellations of a student in the last 30 days (teachers may refuse frequent cancellers).
  await db.schema
    .createIndex('course_student_late_cancel_idx')
    .on('course')
    .columns(['student_id', 'cancelled_at'])
    .where(sql.ref('late_cancel'), '=', 1)
    .execute();
  // The lifecycle job: classes still marked not started or in class.
  await db.schema
    .createIndex('course_open_status_idx')
    .on('course')
    .columns(['status', 'start_at'])
    .where(sql.ref('status'), 'in', [100, 200])
    .execute();

  // Append-only ledgers: `amount` is signed, `balance_after` / `lessons_after` the value after it.
  await db.schema
    .createTable('coin_log')
    .addColumn('id', 'integer', id)
    .addColumn('student_id', 'integer', (c) => c.notNull().references('student.id').onDelete('cascade'))
    // 100-800 (SPEC.md §3 coin log types).
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.references('course.id'))
    .addColumn('order_no', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coin_log_student_idx').on('coin_log').columns(['student_id', 'id']).execute();
  await db.schema
    .createIndex('coin_log_student_type_idx')
    .on('coin_log')
    .columns(['student_id', 'type', 'id'])
    .execute();

  await db.schema
    .createTable('card_log')
    .addColumn('id', 'integer', id)
    .addColumn('card_id', 'integer', (c) => c.notNull().references('lesson_card.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('student.id').onDelete('cascade'))
    // 1 recharge, 2 book class, 3 cancel reservation, 6 manual deduction, 7 compensation.
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('lessons_after', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.references('course.id'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_log_student_idx').on('card_log').columns(['student_id', 'id']).execute();
  await db.schema.createIndex('card_log_card_idx').on('card_log').columns(['card_id', 'id']).execute();

  await db.schema
    .createTable('course_review')
    .addColumn('id', 'integer', id)
    .addColumn('course_id', 'integer', (c) =>
      c.notNull().unique().references('course.id').onDelete('cascade'),
    )
    .addColumn('student_id', 'integer', (c) => c.notNull().references('student.id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teacher.id'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    // JSON array of review tag keys.
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Teachers' post-lesson reports (the /course/feedback pages), one per class.
  await db.schema
    .createTable('teacher_report')
    .addColumn('id', 'integer', id)
    .addColumn('course_id', 'integer', (c) =>
      c.notNull().unique().references('course.id').onDelete('cascade'),
    )
    .addColumn('student_id', 'integer', (c) => c.notNull().references('student.id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teacher.id'))
    // JSON object: skill → 1-5.
    .addColumn('scores', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('homework', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('teacher_report_student_idx')
    .on('teacher_report')
    .columns(['student_id', 'created_at', 'id'])
    .execute();

  // Idempotency-Key records (DESIGN.md §7 "Wallet"): kept 24 h, scoped to the student and the call.
  await db.schema
    .createTable('idempotency_record')
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // running | done
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON of the stored reply (a result or a business refusal), null while running.
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_record_pk', ['student_id', 'scope', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_record_created_idx')
    .on('idempotency_record')
    .column('created_at')
    .execute();

  // The revocable token of a student's calendar feed (stored hashed).
  await db.schema
    .createTable('calendar_token')
    .addColumn('student_id', 'integer', (c) => c.primaryKey().references('student.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_token').execute();
  await db.schema.dropTable('idempotency_record').execute();
  await db.schema.dropTable('teacher_report').execute();
  await db.schema.dropTable('course_review').execute();
  await db.schema.dropTable('card_log').execute();
  await db.schema.dropTable('coin_log').execute();
  await db.schema.dropTable('course').execute();
  await db.schema.dropTable('lesson_card').execute();
  await db.schema.dropTable('wallet').execute();
}
