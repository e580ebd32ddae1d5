import { sql, type Kysely } from 'kysely';
import { identityId } from './identity-column.ts';

/**
 * Teachers (issue #4, DESIGN.md §6-§7): teachers with their languages, published slots, lesson
 * reviews and students' favourites. Timestamps are epoch ms; flags are 0/1; the rating is stored in
 * hundredths (0-500). Indexes serve the list at 10,000 teachers and 1,000,000 slots (bench/teachers-list.bench.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = identityId(db);

  await db.schema
    .createTable('teacher')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull())
    .addColumn('nationality', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('price_coins', 'integer', (c) => c.notNull())
    .addColumn('intro_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intro_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intro_video', 'text')
    // JSON array of tag keys, e.g. ["ielts","business"].
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('radar_education', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('radar_experience', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('radar_interaction', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('radar_pronunciation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('radar_rating', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_x100', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lesson_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refuses_frequent_cancellers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    // Demo teachers get their slots topped up every day; real teachers publish their own.
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Sorted lists of active teachers; the id breaks ties so paging is stable.
  for (const column of ['rating_x100', 'lesson_count', 'price_coins'] as const) {
    await db.schema
      .createIndex(`teacher_active_${column}_idx`)
      .on('teacher')
      .columns(['active', column, 'id'])
      .execute();
  }
  await db.schema
    .createIndex('teacher_nationality_idx')
    .on('teacher')
    .columns(['nationality', 'active'])
    .execute();
  await db.schema.createIndex('teacher_level_idx').on('teacher').columns(['level', 'active']).execute();

  await db.schema
    .createTable('teacher_language')
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teacher.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('teacher_language_pk', ['teacher_id', 'language'])
    .execute();
  await db.schema
    .createIndex('teacher_language_language_idx')
    .on('teacher_language')
    .columns(['language', 'teacher_id'])
    .execute();

  await db.schema
    .createTable('teacher_slot')
    .addColumn('id', 'integer', id)
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teacher.id').onDelete('cascade'))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    // free | booked | closed (a student's own booked slot is shown as "mine", not stored as such).
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('free'))
    // Minute of the UTC day the slot starts at (0-1439), derived: the time-of-day filter of the
    // list narrows each teacher's free slots with it before checking the exact windows.
    .addColumn('start_minute', 'integer', (c) =>
      c
        .generatedAlwaysAs(sql`cast((start_at % 86400000) / 60000 as integer)`)
        .stored()
        .notNull(),
    )
    .execute();
  // One slot per teacher and start: concurrent top-ups cannot duplicate (insert … on conflict do nothing).
  await db.schema
    .createIndex('teacher_slot_teacher_start_uq')
    .on('teacher_slot')
    .columns(['teacher_id', 'start_at'])
    .unique()
    .execute();
  // The free slots only: next_free_at and the slot filters of the list probe this per teacher.
  await db.schema
    .createIndex('teacher_slot_free_idx')
    .on('teacher_slot')
    .columns(['teacher_id', 'start_at', 'end_at'])
    .where(sql.ref('state'), '=', 'free')
    .execute();
  await db.schema
    .createIndex('teacher_slot_free_minute_idx')
    .on('teacher_slot')
    .columns(['teacher_id', 'start_minute', 'start_at'])
    .where(sql.ref('state'), '=', 'free')
    .execute();

  await db.schema
    .createTable('teacher_review')
    .addColumn('id', 'integer', id)
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teacher.id').onDelete('cascade'))
    // Null for seeded reviews; set when a student's class review lands here (issue: courses).
    .addColumn('student_id', 'integer', (c) => c.references('student.id').onDelete('set null'))
    .addColumn('student_nick', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    // JSON array of review tag keys.
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('teacher_review_teacher_idx')
    .on('teacher_review')
    .columns(['teacher_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('favourite_teacher')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('student.id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teacher.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourite_teacher_pk', ['student_id', 'teacher_id'])
    .execute();
  await db.schema
    .createIndex('favourite_teacher_student_created_idx')
    .on('favourite_teacher')
    .columns(['student_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favourite_teacher').execute();
  await db.schema.dropTable('teacher_review').execute();
  await db.schema.dropTable('teacher_slot').execute();
  await db.schema.dropTable('teacher_language').execute();
  await db.schema.dropTable('teacher').execute();
}
