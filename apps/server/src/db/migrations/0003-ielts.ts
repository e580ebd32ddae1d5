import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * IELTS speaking content (issue #5): banks by season, topics (question sets), their membership in
 * banks (new or retained per bank), questions and sample answers. A topic is stored once and joined
 * to every bank that holds it, so a retained topic keeps its ids (and deep links) across seasons.
 * Booleans are 0/1 integers, bands integer tenths (DESIGN.md §4).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite: an INTEGER PRIMARY KEY is the auto-assigned rowid; PostgreSQL needs an identity column.
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    sqlite ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity();
  await db.schema
    .createTable('ielts_bank')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ielts_topic')
    .addColumn('id', 'integer', id)
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('part', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('cue_card', 'text')
    .execute();

  await db.schema
    .createTable('ielts_bank_topic')
    .addColumn('bank_id', 'integer', (c) => c.notNull().references('ielts_bank.id').onDelete('cascade'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('ielts_topic.id').onDelete('cascade'))
    .addColumn('is_new', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ielts_bank_topic_pk', ['bank_id', 'topic_id'])
    .execute();
  await db.schema
    .createIndex('ielts_bank_topic_topic_idx')
    .on('ielts_bank_topic')
    .column('topic_id')
    .execute();

  await db.schema
    .createTable('ielts_question')
    .addColumn('id', 'integer', id)
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('ielts_topic.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('part', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('text_zh', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addUniqueConstraint('ielts_question_topic_key_uq', ['topic_id', 'key'])
    .execute();

  await db.schema
    .createTable('ielts_sample')
    .addColumn('id', 'integer', id)
    .addColumn('question_id', 'integer', (c) =>
      c.notNull().unique().references('ielts_question.id').onDelete('cascade'),
    )
    .addColumn('band_x10', 'integer', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('vocabulary', 'text', (c) => c.notNull())
    .addColumn('structure', 'text', (c) => c.notNull())
    .addColumn('band_remarks', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ielts_sample', 'ielts_question', 'ielts_bank_topic', 'ielts_topic', 'ielts_bank']) {
    await db.schema.dropTable(table).execute();
  }
}
