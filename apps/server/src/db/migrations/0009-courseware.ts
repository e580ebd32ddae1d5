import { SqliteAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Courseware (issue #15, DESIGN.md §6 "/user/file"): the folders and files a student's teachers
 * assigned to them, as a tree per student (`parent_id` 0 is the root, so it is not a foreign key).
 * A file's bytes are in the file store under `storage_key`; a folder has none. `course_id` attaches a
 * file to one of the student's classes (it shows on the class page); removing the class keeps the
 * file. Kinds: audio, video, image, word, excel, ppt, pdf, other, folder (the web app's icons).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    sqlite ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity();

  await db.schema
    .createTable('courseware_item')
    .addColumn('id', 'integer', id)
    .addColumn('student_id', 'integer', (c) => c.notNull().references('student.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_folder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mime', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('storage_key', 'text')
    .addColumn('course_id', 'integer', (c) => c.references('course.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'courseware_item_kind_ck',
      sql`(is_folder = 1 and kind = 'folder' and storage_key is null and size_bytes = 0)
        or (is_folder = 0 and kind in ('audio', 'video', 'image', 'word', 'excel', 'ppt', 'pdf', 'other')
            and storage_key is not null and size_bytes >= 0)`,
    )
    .execute();
  // A folder's children, per student (GET /user/file/myFile).
  await db.schema
    .createIndex('courseware_item_children_idx')
    .on('courseware_item')
    .columns(['student_id', 'parent_id'])
    .execute();
  // A class's courseware (the class page).
  await db.schema
    .createIndex('courseware_item_course_idx')
    .on('courseware_item')
    .columns(['course_id'])
    .where(sql.ref('course_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('courseware_item').execute();
}
