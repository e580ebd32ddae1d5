import { CANCEL_FREE_HOURS } from '@app/contract/constants';
import type { CourseInfo, Playback } from '@app/contract/courses';
import '../../../locales/courses/index.ts';

/**
 * The pure rules of the class pages (DESIGN.md §7 "Cancelling", "Class lifecycle"): what a
 * cancellation would give back, why there is no recording, and which part of the review area shows.
 */

const HOUR_MS = 3_600_000;

/** What cancelling now gives back: nothing (late), the coins paid, or one card lesson. */
export type CancelOutcome = { kind: 'late' } | { kind: 'coins'; coins: number } | { kind: 'card' };

/**
 * The outcome the cancel dialog announces before the student confirms. Late when the server said
 * so when the page loaded (`cancel_refunds` false) or when the 24-hour line has passed since, on
 * this device's clock: the dialog may stay open across the line, and it must never promise a refund
 * the server will not give.
 */
export function cancelOutcome(
  course: Pick<CourseInfo, 'start' | 'cancel_refunds' | 'pay_type' | 'price_coins'>,
  now: number,
): CancelOutcome {
  const late = !course.cancel_refunds || Date.parse(course.start) - now < CANCEL_FREE_HOURS * HOUR_MS;
  if (late) return { kind: 'late' };
  return course.pay_type === 'card' ? { kind: 'card' } : { kind: 'coins', coins: course.price_coins };
}

/** The `courses.view.*` key that says why there is no recording; null when there is one. */
export function playbackNoteKey(playback: Pick<Playback, 'state'>, status: number): string | null {
  switch (playback.state) {
    case 'ready':
      return null;
    case 'pending':
      return 'courses.view.playbackPending';
    case 'expired':
      return 'courses.view.playbackExpired';
    case 'missed':
      return 'courses.view.playbackMissed';
    case 'none':
      return status === 100 || status === 200 ? 'courses.view.playbackLater' : 'courses.view.playbackNone';
  }
}

/**
 * What the review area shows: the student's review, the form (reviewable now), a note that the
 * window has closed (an attended class that was never reviewed), or nothing (not over, missed,
 * cancelled, abolished).
 */
export type ReviewArea = 'review' | 'form' | 'closed' | 'none';

export function reviewArea(
  course: Pick<CourseInfo, 'status' | 'attended' | 'review' | 'reviewable'>,
): ReviewArea {
  if (course.review) return 'review';
  if (course.reviewable) return 'form';
  if (course.status === 300 && course.attended !== false) return 'closed';
  return 'none';
}

/** The mean of a report's skill scores, one decimal; null without scores. */
export function averageScore(scores: Record<string, number>): number | null {
  const values = Object.values(scores);
  if (values.length === 0) return null;
  return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
}

/** A record id from the URL: a positive 32-bit integer, or 0 (shown as "not found"). */
export function routeId(raw: string | undefined): number {
  if (!raw || !/^\d{1,10}$/.test(raw)) return 0;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : 0;
}

/**
 * What happened to a class beyond its status, said in words on the lists, the timetable and the
 * class page alike: the student was absent (over, no recording), the teacher did not show (the class
 * was abolished, refunded and compensated), or the student cancelled late (nothing refunded).
 */
export type CourseOutcome = 'missed' | 'teacherAbsent' | 'lateCancel';

export function courseOutcome(
  course: Pick<CourseInfo, 'status' | 'attended' | 'late_cancel'>,
): CourseOutcome | null {
  if (course.status === -100) return 'teacherAbsent';
  if (course.status === 300 && course.attended === false) return 'missed';
  if (course.status === -200 && course.late_cancel) return 'lateCancel';
  return null;
}

/** The `courses.*` key of the one-line explanation a list row gives with an outcome. */
export const OUTCOME_NOTE_KEYS: Record<CourseOutcome, string> = {
  // The class page's own words for why there is no recording.
  missed: 'courses.view.playbackMissed',
  teacherAbsent: 'courses.list.outcomeNote.teacherAbsent',
  lateCancel: 'courses.list.outcomeNote.lateCancel',
};

/** The tone (`ls-tone is-<tone>`, AA in both themes) of each outcome's chip. */
export const OUTCOME_TONES: Record<CourseOutcome, string> = {
  missed: 'is-gold',
  teacherAbsent: 'is-volcano',
  lateCancel: 'is-gold',
};

/**
 * What came back to the student for a class that did not take place (DESIGN.md §7 "Cancelling",
 * "Teacher no-show"), from the class's own fields: cancelled CANCEL_FREE_HOURS or more ahead, the
 * coins or the card lesson; cancelled later, nothing; called off by the teacher's absence, the
 * payment plus the same again as compensation (one more lesson on a card). Null for other classes.
 */
export type CameBack =
  | { kind: 'coins'; coins: number }
  | { kind: 'lesson' }
  | { kind: 'nothingLate' }
  | { kind: 'coinsCompensated'; coins: number }
  | { kind: 'lessonsCompensated' };

export function whatCameBack(
  course: Pick<CourseInfo, 'status' | 'late_cancel' | 'pay_type' | 'price_coins'>,
): CameBack | null {
  const coins = course.pay_type === 'coin';
  if (course.status === -100)
    return coins ? { kind: 'coinsCompensated', coins: course.price_coins } : { kind: 'lessonsCompensated' };
  if (course.status !== -200) return null;
  if (course.late_cancel) return { kind: 'nothingLate' };
  return coins ? { kind: 'coins', coins: course.price_coins } : { kind: 'lesson' };
}
