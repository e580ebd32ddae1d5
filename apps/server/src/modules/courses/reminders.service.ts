import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { SmsNoticeMessage } from '../../providers/sms/sms-provider.ts';
import type { StudentsService } from '../students/students.service.ts';
import { remindersRepository as repo } from './reminders.repository.ts';

/** How long before a class its reminder goes out (issue 15). */
export const REMINDER_LEAD_MINUTES = 60;
const MINUTE = 60_000;
/** Reminders handled per run; the job runs every minute, so a backlog drains quickly. */
const BATCH = 200;

export type RemindersServiceDeps = {
  db: Db;
  clock: Clock;
  students: Pick<StudentsService, 'reminderTarget'>;
  /** The SMS service's notice sender (auth's sms-code.service.ts): counts against SMS_DAILY_BUDGET. */
  sendNotice: (message: SmsNoticeMessage) => Promise<'sent' | 'budget' | 'failed'>;
  log: { warn(obj: object, msg?: string): void };
};

/** `budget_spent`: 1 when the day's SMS budget stopped the run (the rest wait for the next run). */
export type ReminderRun = { sent: number; skipped: number; failed: number; budget_spent: number };

/** HH:mm in Beijing time (UTC+8, no daylight saving): the school's time, as the SMS says. */
function beijingTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);
}

/**
 * Class reminders (issue 15): one SMS 60 minutes before each class, for students who keep the
 * setting on (the default). The job (`courses.class-reminders`, every minute) may run on every
 * instance at once: each reminder is claimed by a conditional update before it is sent, so it goes
 * out at most once. Cancelled and abolished classes are never reminded of (the claim requires status
 * 100). A reminder refused by the daily budget is given back and tried again on the next run while
 * the class is still ahead; one the provider failed stays claimed (the provider may have delivered
 * it: never twice beats a retry).
 */
export function createRemindersService(deps: RemindersServiceDeps) {
  const { db, clock, students, sendNotice } = deps;

  return {
    async sendDue(): Promise<ReminderRun> {
      const now = clock.now();
      const due = await repo.listDue(db, now, now + REMINDER_LEAD_MINUTES * MINUTE, BATCH);
      const run: ReminderRun = { sent: 0, skipped: 0, failed: 0, budget_spent: 0 };
      for (const course of due) {
        const target = await students.reminderTarget(course.student_id);
        // Turned off: not claimed, so turning it back on before the class still sends one.
        if (!target?.wanted) {
          run.skipped++;
          continue;
        }
        const claimedAt = clock.now();
        if (!(await repo.claim(db, course.id, claimedAt))) continue;
        const start = Number(course.start_at);
        const outcome = await sendNotice({
          mobile: target.mobile,
          template: 'classReminder',
          params: {
            teacher: course.teacher_name,
            time: beijingTime(start),
            minutes: String(Math.max(1, Math.round((start - claimedAt) / MINUTE))),
          },
          lang: 'zh-Hans',
        });
        if (outcome === 'sent') {
          run.sent++;
        } else if (outcome === 'budget') {
          await repo.release(db, course.id, claimedAt);
          run.budget_spent = 1;
          break;
        } else {
          run.failed++;
          deps.log.warn({ courseId: course.id }, 'class reminder not delivered; not retried');
        }
      }
      return run;
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
