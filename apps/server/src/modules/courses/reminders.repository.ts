import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * SQL of the class reminders (reminders.service.ts). A class's reminder is claimed by a conditional
 * update of `course.reminder_sent_at` before the SMS goes out, so of several instances running the
 * job at once exactly one sends it. Students who turned reminders off are left out here, in the
 * query, so they never fill a batch; a reminder whose SMS failed waits `reminder_next_at` before its
 * next try and comes after the ones never tried (src/jobs/batches.ts).
 */

export type DueReminderRow = {
  id: number;
  student_id: number;
  start_at: number;
  teacher_name: string;
  reminder_attempts: number;
};

/** Not started (100): a cancelled (-200) or abolished (-100) class is never reminded of. */
const NOT_STARTED = 100;

export const remindersRepository = {
  /**
   * Classes not started, starting in (now, until], of students who want reminders, whose reminder
   * nobody has claimed and whose next try is due: never tried first, then the least recently tried.
   */
  listDue(db: Db, now: number, until: number, limit: number): Promise<DueReminderRow[]> {
    return db
      .selectFrom('course as c')
      .innerJoin('teacher as t', 't.id', 'c.teacher_id')
      .innerJoin('student as s', 's.id', 'c.student_id')
      .select(['c.id', 'c.student_id', 'c.start_at', 't.name as teacher_name', 'c.reminder_attempts'])
      .where('s.class_reminder', '=', 1)
      .where('c.status', '=', NOT_STARTED)
      .where('c.reminder_sent_at', 'is', null)
      .where('c.start_at', '>', now)
      .where('c.start_at', '<=', until)
      .where((eb) => eb.or([eb('c.reminder_next_at', 'is', null), eb('c.reminder_next_at', '<=', now)]))
      .orderBy(sql`coalesce(c.reminder_next_at, 0)`)
      .orderBy('c.start_at')
      .orderBy('c.id')
      .limit(limit)
      .execute();
  },

  /**
   * Claims a class's reminder; false when another run claimed it, the class was cancelled, its next
   * try is not due, or the student turned reminders off meanwhile.
   */
  async claim(db: Db, courseId: number, now: number): Promise<boolean> {
    const result = await db
      .updateTable('course')
      .set({ reminder_sent_at: now })
      .where('id', '=', courseId)
      .where('status', '=', NOT_STARTED)
      .where('reminder_sent_at', 'is', null)
      .where((eb) => eb.or([eb('reminder_next_at', 'is', null), eb('reminder_next_at', '<=', now)]))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('student as s')
            .select('s.id')
            .whereRef('s.id', '=', 'course.student_id')
            .where('s.class_reminder', '=', 1),
        ),
      )
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

  /**
   * The SMS of the claim made at `claimedAt` failed: its try is counted, and the claim is given back
   * with the next try at `nextAt`, or kept (never tried again) when `nextAt` is null.
   */
  async failed(db: Db, courseId: number, claimedAt: number, nextAt: number | null): Promise<void> {
    await db
      .updateTable('course')
      .set((eb) => ({
        reminder_attempts: eb('reminder_attempts', '+', 1),
        ...(nextAt === null ? {} : { reminder_sent_at: null, reminder_next_at: nextAt }),
      }))
      .where('id', '=', courseId)
      .where('reminder_sent_at', '=', claimedAt)
      .execute();
  },
};
