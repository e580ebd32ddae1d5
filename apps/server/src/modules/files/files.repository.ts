import type { Selectable } from 'kysely';
import type { CoursewareItemTable, Db } from '../../db/database.ts';

/** SQL of courseware: one table, a tree of folders and files per student (parent_id 0 = root). */

export type CoursewareRow = Selectable<CoursewareItemTable>;

export type NewCoursewareItem = {
  studentId: number;
  parentId: number;
  isFolder: boolean;
  name: string;
  kind: string;
  sizeBytes: number;
  mime: string;
  storageKey: string | null;
  courseId: number | null;
  createdAt: number;
};

const COLUMNS = [
  'id',
  'student_id',
  'parent_id',
  'is_folder',
  'kind',
  'name',
  'size_bytes',
  'mime',
  'storage_key',
  'course_id',
  'created_at',
] as const;

export const filesRepository = {
  /** The student's item, or undefined (another student's item is never returned). */
  findOf(db: Db, studentId: number, id: number): Promise<CoursewareRow | undefined> {
    return db
      .selectFrom('courseware_item')
      .select(COLUMNS)
      .where('student_id', '=', studentId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Those of `ids` that belong to the student. */
  findManyOf(db: Db, studentId: number, ids: readonly number[]): Promise<CoursewareRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('courseware_item')
      .select(COLUMNS)
      .where('student_id', '=', studentId)
      .where('id', 'in', [...ids])
      .execute();
  },

  /** The children of the student's folders `parentIds` (0: the root): folders first, then by name. */
  listChildren(db: Db, studentId: number, parentIds: readonly number[]): Promise<CoursewareRow[]> {
    if (parentIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('courseware_item')
      .select(COLUMNS)
      .where('student_id', '=', studentId)
      .where('parent_id', 'in', [...parentIds])
      .orderBy('is_folder', 'desc')
      .orderBy('name')
      .orderBy('id')
      .execute();
  },

  /** The student's files attached to a class, by name. */
  listForCourse(db: Db, studentId: number, courseId: number): Promise<CoursewareRow[]> {
    return db
      .selectFrom('courseware_item')
      .select(COLUMNS)
      .where('student_id', '=', studentId)
      .where('course_id', '=', courseId)
      .where('is_folder', '=', 0)
      .orderBy('name')
      .orderBy('id')
      .execute();
  },

  async insert(db: Db, item: NewCoursewareItem): Promise<number> {
    const row = await db
      .insertInto('courseware_item')
      .values({
        student_id: item.studentId,
        parent_id: item.parentId,
        is_folder: item.isFolder ? 1 : 0,
        name: item.name,
        kind: item.kind,
        size_bytes: item.sizeBytes,
        mime: item.mime,
        storage_key: item.storageKey,
        course_id: item.courseId,
        created_at: item.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** The student's folder named exactly `name` directly under `parentId` (the oldest when several). */
  findFolderByName(
    db: Db,
    studentId: number,
    parentId: number,
    name: string,
  ): Promise<CoursewareRow | undefined> {
    return db
      .selectFrom('courseware_item')
      .select(COLUMNS)
      .where('student_id', '=', studentId)
      .where('parent_id', '=', parentId)
      .where('is_folder', '=', 1)
      .where('name', '=', name)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  },
};
