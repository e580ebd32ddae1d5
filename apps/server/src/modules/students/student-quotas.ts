import { CODES } from '@app/contract/codes';
import type { MessageKey } from '@app/contract/messages';
import type { Clock } from '../../clock.ts';
import type { Db, DbDialect } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';
import { lockKeys } from '../../db/locks.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { rollingWindowWait } from '../../db/rolling-window.ts';
import { studentQuotasRepository as repo } from './student-quotas.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One rolling window of a quota: at most `max` actions per `windowMs`, refused with `key`. */
export type QuotaWindow = {
  max: number;
  windowMs: number;
  key: MessageKey;
  /** The unit the message's wait is given in. */
  unit: 'minutes' | 'hours';
};

/**
 * Per-student limits on what costs the school (issue 32 §4). Each counts every attempt that reaches
 * the work, refused or not (the work is done either way), per student and across instances.
 */
export const STUDENT_QUOTAS = {
  /**
   * Tries of POST /user/setPassword with a proof (current password or SMS code): 5 per 15 min, as
   * password login allows per phone, so a stolen access token cannot guess the current password.
   */
  setPassword: [{ max: 5, windowMs: 15 * MINUTE, key: 'user.passwordTriesLimited', unit: 'minutes' }],
  /**
   * Complaints: each is read by staff. 5 an hour is more than a student with a real problem writes
   * (one per class at most); 20 a day stops a script from burying the back office.
   */
  complaint: [
    { max: 5, windowMs: HOUR, key: 'feedback.hourLimit', unit: 'minutes' },
    { max: 20, windowMs: DAY, key: 'feedback.dayLimit', unit: 'hours' },
  ],
  /**
   * Review attempts: each takes the teacher's rating lock and recomputes the rating. One per
   * finished class is the rule, so 20 an hour covers a backlog of a week's classes with room to spare.
   */
  review: [{ max: 20, windowMs: HOUR, key: 'course.reviewRateLimited', unit: 'minutes' }],
  /**
   * Uploads (avatars now, courseware when students upload it): each is up to a few MB of storage
   * and image checks. 30 per 10 minutes lets a student retry a refused image many times.
   */
  upload: [{ max: 30, windowMs: 10 * MINUTE, key: 'files.uploadRateLimited', unit: 'minutes' }],
} as const satisfies Record<string, readonly QuotaWindow[]>;

export type QuotaAction = keyof typeof STUDENT_QUOTAS;

/** What to tell a refused student: the message of the window that waits longest, and the wait. */
export type QuotaRefusal = { key: MessageKey; params: Record<string, number>; retryAfterMs: number };

/**
 * Whether one more action is allowed now, given the times of the student's earlier ones (newest
 * first, at least as many as the largest `max` when there are that many). When several windows are
 * full, the longest wait is reported, so the student is not refused again when it ends.
 */
export function quotaRefusal(
  now: number,
  times: readonly number[],
  windows: readonly QuotaWindow[],
): QuotaRefusal | null {
  let worst: QuotaRefusal | null = null;
  for (const window of windows) {
    const wait = rollingWindowWait(now, times, window.max, window.windowMs);
    if (wait > 0 && (!worst || wait > worst.retryAfterMs)) {
      const unitMs = window.unit === 'hours' ? HOUR : MINUTE;
      worst = {
        key: window.key,
        params: { [window.unit]: Math.max(1, Math.ceil(wait / unitMs)) },
        retryAfterMs: wait,
      };
    }
  }
  return worst;
}

/** A counted action: `giveBack` it when the work was refused before anything was done. */
export type QuotaTicket = { id: number };

export type StudentQuotasDeps = {
  db: Db;
  clock: Clock;
  /** Read from the database's adapter when absent (services built outside the app, the ops CLI). */
  dialect?: DbDialect;
};

/**
 * The per-student limits, kept in `student_quota_event`. `take` decides and records in one
 * transaction serialized per student and action (advisory lock on PostgreSQL; SQLite has one
 * writer), so concurrent requests cannot slip past a limit; a refusal is a 429 envelope with
 * `retry_after_seconds` and the quota's message. Stateless: any number of instances (and services)
 * may each make one over the same database.
 */
export function createStudentQuotas(deps: StudentQuotasDeps) {
  const { db, clock } = deps;
  const dialect = deps.dialect ?? dialectOf(db);

  return {
    async take(studentId: number, action: QuotaAction): Promise<QuotaTicket> {
      const windows: readonly QuotaWindow[] = STUDENT_QUOTAS[action];
      const longest = Math.max(...windows.map((w) => w.windowMs));
      const most = Math.max(...windows.map((w) => w.max));
      const now = clock.now();
      const outcome = await withTransaction(db, async (trx) => {
        await lockKeys(trx, dialect, [`quota:${action}:${studentId}`]);
        // What no window reads any more goes now: the student's rows of an action stay few.
        await repo.deleteBefore(trx, studentId, action, now - longest);
        const times = await repo.recentTimes(trx, studentId, action, now - longest, most);
        const refusal = quotaRefusal(now, times, windows);
        if (refusal) return { ok: false as const, refusal };
        return { ok: true as const, id: await repo.insert(trx, { studentId, action, at: now }) };
      });
      if (!outcome.ok) {
        const { key, params, retryAfterMs } = outcome.refusal;
        throw new AppError(CODES.TOO_MANY_REQUESTS, key, params, {
          retry_after_seconds: Math.ceil(retryAfterMs / 1000),
        });
      }
      return { id: outcome.id };
    },

    /** Uncounts an action that was refused before its work began (e.g. the scrypt queue was full). */
    async giveBack(ticket: QuotaTicket): Promise<void> {
      await repo.delete(db, ticket.id);
    },
  };
}

export type StudentQuotas = ReturnType<typeof createStudentQuotas>;
