/**
 * The rules of booking and cancelling (DESIGN.md §7 "Booking", "Cancelling", "Class lifecycle"),
 * shared by the server (which enforces them) and the web app (which explains them before the
 * student confirms). No zod here: the booking page and the schedule grid import these on screens
 * that should not load it. The 24-hour cancellation rule is CANCEL_FREE_HOURS in constants.ts.
 */

/** A slot is bookable at most this many days ahead. */
export const BOOKING_MAX_AHEAD_DAYS = 14;
/** Default minimum notice before a slot's start; the server reads BOOKING_MIN_NOTICE_MINUTES. */
export const BOOKING_MIN_NOTICE_MINUTES_DEFAULT = 60;
/** A student holds at most this many classes that have not started. */
export const MAX_UPCOMING_CLASSES = 20;
/** Late cancellations (less than 24 h before start) that make a frequent canceller… */
export const LATE_CANCEL_LIMIT = 3;
/** …within this many days; teachers with `refuses_frequent_cancellers` refuse such students. */
export const LATE_CANCEL_WINDOW_DAYS = 30;
/** Lesson lengths a teacher publishes slots in, minutes. */
export const LESSON_MINUTES = [25, 50] as const;
export type LessonMinutes = (typeof LESSON_MINUTES)[number];
/** The optional remark of a cancellation, characters. */
export const CANCEL_REMARK_MAX = 200;
/** A finished class can be reviewed until this many days after its end, once. */
export const REVIEW_WINDOW_DAYS = 7;
export const REVIEW_CONTENT_MAX = 500;
/** The classroom link is shown from this many minutes before the start until the end. */
export const CLASSROOM_OPENS_MINUTES_BEFORE = 10;
/** Timetable range of one call (a month view shows six weeks). */
export const TIMETABLE_MAX_RANGE_DAYS = 42;
/** Idempotency-Key header (DESIGN.md §7 "Wallet"): at most this long, remembered 24 hours. */
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_KEEP_HOURS = 24;

export const PAY_TYPES = ['coin', 'card'] as const;
export type PayType = (typeof PAY_TYPES)[number];

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The instants a free slot may start between to be bookable now: at least the minimum notice from
 * now and at most 14 days ahead. Both ends are whole minutes (the start rounded up, the end down),
 * so a schedule reply stays byte-identical, and its ETag valid, for the rest of the minute; slots
 * start on whole minutes, so no slot changes sides. The schedule shows free slots outside it as
 * closed and the booking refuses them with the same bounds.
 */
export function bookableWindow(now: number, minNoticeMinutes: number): { from: number; to: number } {
  const from = Math.ceil((now + minNoticeMinutes * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  const to = Math.floor((now + BOOKING_MAX_AHEAD_DAYS * DAY_MS) / MINUTE_MS) * MINUTE_MS;
  return { from, to };
}

/**
 * Card types that pay for a teacher's lessons (DESIGN.md §7): a Filipino-teacher card (200) for
 * teachers of nationality PH; an exclusive-teacher card (100) for any teacher, but only a card bound
 * to that teacher (the booking checks the binding).
 */
export function acceptedCardTypesOf(nationality: string): number[] {
  return nationality === 'PH' ? [100, 200] : [100];
}

/** Whether a card of `card` pays for a lesson of `teacher` (type and binding; not expiry or lessons left). */
export function cardPaysFor(
  card: { type: number; teacher_id: number | null },
  teacher: { id: number; nationality: string },
): boolean {
  if (!acceptedCardTypesOf(teacher.nationality).includes(card.type)) return false;
  return card.type !== 100 || card.teacher_id === teacher.id;
}
