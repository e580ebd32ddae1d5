import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { nextTryAt, type Backoff } from '../../jobs/batches.ts';
import type { SmsNoticeMessage } from '../../providers/sms/sms-provider.ts';
import type { StudentsService } from '../students/students.service.ts';
import { remindersRepository as repo } from './reminders.repository.ts';

/** How long before a class its reminder goes out (issue 15). */
export const REMINDER_LEAD_MINUTES = 60;
const MINUTE = 60_000;
/** Reminders handled per run; the job runs every minute, so a backlog drains quickly. */
const BATCH = 200;
/**
 * A reminder whose SMS failed is tried again 2 and then 4 minutes later (3 tries in all) while the
 * class is still ahead, behind the reminders not tried yet: a failing one never holds the line.
 */
export const REMINDER_BACKOFF: Backoff = { firstMs: 2 * MINUTE, maxMs: 10 * MINUTE, maxAttempts: 3 };

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
 * setting on (the default; the others are left out by the query, issue 32 §3). The job
 * (`courses.class-reminders`, every minute) may run on every instance at once: each reminder is
 * claimed by a conditional update before it is sent, so it goes out at most once at a time.
 * Cancelled and abolished classes are never reminded of (the claim requires status 100). A reminder
 * refused by the daily budget is given back and tried again on the next run while the class is still
 * ahead. One the provider refused is tried again with backoff (REMINDER_BACKOFF), at most 3 times:
 * a provider error means, in practice, nothing was sent, and a missed class costs more than a rare
 * second SMS.
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
        // Turned off since the query: not claimed, so turning it back on before the class still sends one.
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
          const attempts = course.reminder_attempts + 1;
          const nextAt = nextTryAt(REMINDER_BACKOFF, attempts, claimedAt);
          await repo.failed(db, course.id, claimedAt, nextAt);
          deps.log.warn(
            { courseId: course.id, attempts },
            nextAt === null
              ? 'class reminder not delivered; tries spent'
              : 'class reminder not delivered; tried again later',
          );
        }
      }
      return run;
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
