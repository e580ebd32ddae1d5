import type { Db } from '../../db/database.ts';

/**
 * SQL of the class reminders (reminders.service.ts). A class's reminder is claimed by a conditional
 * update of `course.reminder_sent_at` before the SMS goes out, so of several instances running the
 * job at once exactly one sends it.
 */

export type DueReminderRow = { id: number; student_id: number; start_at: number; teacher_name: string };

/** Not started (100): a cancelled (-200) or abolished (-100) class is never reminded of. */
const NOT_STARTED = 100;

export const remindersRepository = {
  /** Classes not started, starting in (now, until], whose reminder nobody has claimed. */
  listDue(db: Db, now: number, until: number, limit: number): Promise<DueReminderRow[]> {
    return db
      .selectFrom('course as c')
      .innerJoin('teacher as t', 't.id', 'c.teacher_id')
      .select(['c.id', 'c.student_id', 'c.start_at', 't.name as teacher_name'])
      .where('c.status', '=', NOT_STARTED)
      .where('c.reminder_sent_at', 'is', null)
      .where('c.start_at', '>', now)
      .where('c.start_at', '<=', until)
      .orderBy('c.start_at')
      .limit(limit)
      .execute();
  },

  /** Claims a class's reminder; false when another run claimed it or the class was cancelled meanwhile. */
  async claim(db: Db, courseId: number, now: number): Promise<boolean> {
    const result = await db
      .updateTable('course')
      .set({ reminder_sent_at: now })
      .where('id', '=', courseId)
      .where('status', '=', NOT_STARTED)
      .where('reminder_sent_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Gives a claim back (nothing was sent: the day's SMS budget was spent). */
  async release(db: Db, courseId: number, claimedAt: number): Promise<void> {
    await db
      .updateTable('course')
      .set({ reminder_sent_at: null })
      .where('id', '=', courseId)
      .where('reminder_sent_at', '=', claimedAt)
      .execute();
  },
};
