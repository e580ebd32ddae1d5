import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, StudentTable } from '../../db/database.ts';
import { preparedForStudents, type Arg } from '../../db/prepared.ts';

type Db = Kysely<Database>;

export type StudentRow = Selectable<StudentTable>;

const studentsByIds = preparedForStudents((db: Db, arg: Arg<{ studentId: number }>) =>
  db.selectFrom('student').selectAll().where('id', '=', arg('studentId')),
);

export type ProfileChanges = Partial<
  Pick<Updateable<StudentTable>, 'nick' | 'eng_name' | 'sex' | 'birthday' | 'class_reminder'>
>;

export type NewStudent = {
  mobile: string;
  nick: string;
  passwordHash: string | null;
  engName?: string;
  sex?: number;
  birthday?: string | null;
};

/** All SQL of the student record. Every method accepts a transaction as `db`. */
export const studentsRepository = {
  async findStudentByMobile(db: Db, mobile: string): Promise<StudentRow | undefined> {
    return db.selectFrom('student').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  },

  async findStudentById(db: Db, id: number): Promise<StudentRow | undefined> {
    return db.selectFrom('student').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The students of `ids` that exist, by id (one statement for them all on PostgreSQL). */
  async findStudentsByIds(db: Db, ids: readonly number[]): Promise<Map<number, StudentRow>> {
    const rows = await studentsByIds(db, ids, {});
    const found = new Map<number, StudentRow>();
    for (const [id, [row]] of rows) if (row) found.set(id, row);
    return found;
  },

  /** Inserts the student unless the phone exists; returns the new id, or null when it existed. */
  async insertStudentIfAbsent(db: Db, student: NewStudent, now: number): Promise<number | null> {
    const row = await db
      .insertInto('student')
      .values({
        mobile: student.mobile,
        nick: student.nick,
        password_hash: student.passwordHash,
        eng_name: student.engName ?? '',
        sex: student.sex ?? 0,
        birthday: student.birthday ?? null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('mobile').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  },

  /** Writes the given profile columns (an allow-list decided by the service). */
  async updateProfile(db: Db, studentId: number, changes: ProfileChanges, now: number): Promise<void> {
    await db
      .updateTable('student')
      .set({ ...changes, updated_at: now })
      .where('id', '=', studentId)
      .execute();
  },

  /**
   * Sets the avatar URL and returns the one it replaced, read in the same transaction (the caller
   * removes the old file after commit).
   */
  async replacePic(db: Db, studentId: number, pic: string, now: number): Promise<string | undefined> {
    const before = await db
      .selectFrom('student')
      .select('pic')
      .where('id', '=', studentId)
      .executeTakeFirst();
    if (!before) return undefined;
    await db.updateTable('student').set({ pic, updated_at: now }).where('id', '=', studentId).execute();
    return before.pic;
  },

  /**
   * Replaces the password hash only while it is still `expected` (null: the account has none);
   * whether it did. Two concurrent changes proven against the same old state: one wins.
   */
  async replacePasswordHash(
    db: Db,
    studentId: number,
    expected: string | null,
    passwordHash: string,
    now: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('student')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', studentId)
      .where('password_hash', expected === null ? 'is' : '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async updatePasswordHash(db: Db, studentId: number, passwordHash: string, now: number): Promise<void> {
    await db
      .updateTable('student')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', studentId)
      .execute();
  },
};
