import {
  CLASSROOM_OPENS_MINUTES_BEFORE,
  LATE_CANCEL_WINDOW_DAYS,
  REVIEW_WINDOW_DAYS,
} from '@app/contract/booking';
import { CANCEL_FREE_HOURS, PLAYBACK_VALID_DAYS } from '@app/contract/constants';
import type { PayOrderStatus } from '@app/contract/enums';
import { sql } from 'kysely';
import { CHINA_OFFSET_MS } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { prepared, type Arg } from '../../db/prepared.ts';

/**
 * When the clock alone next changes what a student's everyday reads show (issue 36; the student
 * reply cache, http/student-cache.ts, keeps a reply no longer than that). Writes are the version's
 * business (migration 0017); this is the other half: the instants at which a reply computed now
 * would read differently without any write, from the student's own rows:
 *
 * - a class: the 24-hour free-cancel line, the room opening, the start (in class, not cancellable),
 *   the end (finished, counted as attended, reviewable), the end of the review window and of the
 *   playback's life;
 * - a late cancellation leaving the 30-day window that counts late cancellations;
 * - a lesson card's expiry, an awaiting order's expiry;
 * - midnight in China (the day a date is shown in, "today", the month of the counts).
 *
 * Every offset above is at most PLAYBACK_VALID_DAYS after a class's end or LATE_CANCEL_WINDOW_DAYS
 * after its cancellation, so only the classes that started within that reach are read (the
 * student's start index). A rule added to these reads that turns on the clock at another instant
 * belongs in this list; the cache's freshness limit bounds what a forgotten one could show late.
 */

const MINUTE_MS = 60_000;
/** An order awaiting payment (PAY_ORDER_STATUSES): it closes by itself at its expiry. */
const ORDER_AWAITING = 0 satisfies PayOrderStatus;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Offsets from a class's start and end at which its presentation changes. */
const FROM_START = [-CANCEL_FREE_HOURS * HOUR_MS, -CLASSROOM_OPENS_MINUTES_BEFORE * MINUTE_MS, 0];
const FROM_END = [0, REVIEW_WINDOW_DAYS * DAY_MS, PLAYBACK_VALID_DAYS * DAY_MS];
/** How far back a class can still change by the clock: its playback's life (and a class's length), or the late-cancel window. */
const REACH_MS = Math.max(PLAYBACK_VALID_DAYS, LATE_CANCEL_WINDOW_DAYS) * DAY_MS + DAY_MS;

/** The student's classes that may still change by the clock (started within the reach, or to come). */
const classTimes = prepared((db, arg: Arg<{ studentId: number; since: number }>) =>
  db
    .selectFrom('course')
    .select(['start_at', 'end_at', 'cancelled_at', 'late_cancel'])
    .where('student_id', '=', arg('studentId'))
    .where('start_at', '>', arg('since')),
);

/** The soonest future expiry of the student's cards and awaiting orders. */
const nextExpiry = prepared((db, arg: Arg<{ studentId: number; now: number }>) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('lesson_card')
      .select(sql<number | null>`min(expires_at)`.as('at'))
      .where('student_id', '=', arg('studentId'))
      .where('expires_at', '>', arg('now'))
      .as('card'),
    eb
      .selectFrom('pay_order')
      .select(sql<number | null>`min(expires_at)`.as('at'))
      .where('student_id', '=', arg('studentId'))
      .where('status', '=', ORDER_AWAITING)
      .where('expires_at', '>', arg('now'))
      .as('order'),
  ]),
);

/** The next midnight in China after `now`. */
export function nextChinaMidnight(now: number): number {
  return Math.floor((now + CHINA_OFFSET_MS) / DAY_MS + 1) * DAY_MS - CHINA_OFFSET_MS;
}

/** The first instant after `now` at which the clock alone changes a read of the student's (ms). */
export async function nextClockChange(db: Db, studentId: number, now: number): Promise<number> {
  let next = nextChinaMidnight(now);
  const consider = (at: number) => {
    if (at > now && at < next) next = at;
  };
  const [classes, expiry] = await Promise.all([
    classTimes(db, { studentId, since: now - REACH_MS }),
    nextExpiry(db, { studentId, now }),
  ]);
  for (const row of classes.rows) {
    const start = Number(row.start_at);
    const end = Number(row.end_at);
    for (const offset of FROM_START) consider(start + offset);
    for (const offset of FROM_END) consider(end + offset);
    if (row.late_cancel === 1 && row.cancelled_at !== null)
      consider(Number(row.cancelled_at) + LATE_CANCEL_WINDOW_DAYS * DAY_MS);
  }
  const expiries = expiry.rows[0];
  if (expiries?.card != null) consider(Number(expiries.card));
  if (expiries?.order != null) consider(Number(expiries.order));
  return next;
}
