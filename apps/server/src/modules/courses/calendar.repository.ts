import type { Db } from '../../db/database.ts';
import { OPEN_STATUSES } from './booking.rules.ts';

/** SQL of the calendar feed: the per-student token (stored hashed) and the classes it lists. */

export type FeedCourseRow = { id: number; start_at: number; end_at: number; teacher_name: string };

export const calendarRepository = {
  findToken(db: Db, studentId: number): Promise<{ token_hash: string; created_at: number } | undefined> {
    return db
      .selectFrom('calendar_token')
      .select(['token_hash', 'created_at'])
      .where('student_id', '=', studentId)
      .executeTakeFirst();
  },

  async studentOfTokenHash(db: Db, tokenHash: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('calendar_token')
      .select('student_id')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row?.student_id;
  },

  /** Stores the student's first token unless one exists (two requests at once keep one). */
  async insertTokenIfAbsent(db: Db, studentId: number, tokenHash: string, createdAt: number): Promise<void> {
    await db
      .insertInto('calendar_token')
      .values({ student_id: studentId, token_hash: tokenHash, created_at: createdAt })
      .onConflict((oc) => oc.column('student_id').doNothing())
      .execute();
  },

  /** Replaces the token that was created at `previousCreatedAt`; false when another reset won. */
  async replaceToken(
    db: Db,
    studentId: number,
    previousCreatedAt: number,
    tokenHash: string,
    createdAt: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('calendar_token')
      .set({ token_hash: tokenHash, created_at: createdAt })
      .where('student_id', '=', studentId)
      .where('created_at', '=', previousCreatedAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** The student's classes still to come or in progress (never cancelled or abolished ones). */
  listUpcoming(db: Db, studentId: number, now: number, limit: number): Promise<FeedCourseRow[]> {
    return db
      .selectFrom('course as c')
      .innerJoin('teacher as t', 't.id', 'c.teacher_id')
      .select(['c.id', 'c.start_at', 'c.end_at', 't.name as teacher_name'])
      .where('c.student_id', '=', studentId)
      .where('c.status', 'in', [...OPEN_STATUSES])
      .where('c.end_at', '>', now)
      .orderBy('c.start_at')
      .limit(limit)
      .execute();
  },
};
