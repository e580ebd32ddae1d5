import type { Db } from '../../db/database.ts';

/** All SQL of the per-student limits (student-quotas.ts). Every method accepts a transaction as `db`. */
export const studentQuotasRepository = {
  /** The student's actions of a kind since `since`, newest first, at most `limit`. */
  async recentTimes(
    db: Db,
    studentId: number,
    action: string,
    since: number,
    limit: number,
  ): Promise<number[]> {
    const rows = await db
      .selectFrom('student_quota_event')
      .select('at')
      .where('student_id', '=', studentId)
      .where('action', '=', action)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.at));
  },

  async insert(db: Db, event: { studentId: number; action: string; at: number }): Promise<number> {
    const row = await db
      .insertInto('student_quota_event')
      .values({ student_id: event.studentId, action: event.action, at: event.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async delete(db: Db, id: number): Promise<void> {
    await db.deleteFrom('student_quota_event').where('id', '=', id).execute();
  },

  /** The student's actions of a kind at or before `before`, which no window counts any more. */
  async deleteBefore(db: Db, studentId: number, action: string, before: number): Promise<void> {
    await db
      .deleteFrom('student_quota_event')
      .where('student_id', '=', studentId)
      .where('action', '=', action)
      .where('at', '<=', before)
      .execute();
  },
};
