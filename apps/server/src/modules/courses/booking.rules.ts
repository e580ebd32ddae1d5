import {
  BOOKING_MAX_AHEAD_DAYS,
  CLASSROOM_OPENS_MINUTES_BEFORE,
  REVIEW_WINDOW_DAYS,
  bookableWindow,
} from '@app/contract/booking';
import { CODES } from '@app/contract/codes';
import { CANCEL_FREE_HOURS, PLAYBACK_VALID_DAYS } from '@app/contract/constants';
import type { Playback } from '@app/contract/courses';
import type { CourseStatus } from '@app/contract/enums';
import { AppError } from '../../http/app-error.ts';
import { liveRoomPath } from '../../providers/classroom/live-classroom-provider.ts';

/**
 * The rules of a class's life as pure functions of the class and the moment (DESIGN.md §7
 * "Booking", "Cancelling", "Class lifecycle"). The service applies them; the conditional updates
 * of the repository make them hold under concurrency.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Statuses of a class that holds its slot: not started, in class, over. */
export const LIVE_STATUSES = [100, 200, 300] as const;
/** Statuses the lifecycle moves forward with time. */
export const OPEN_STATUSES = [100, 200] as const;

export type CourseTimes = {
  status: number;
  start_at: number;
  end_at: number;
  /** Held in the live room (isLiveRoom): in class only once both seats are there. */
  live?: boolean;
};

/** The live room's page of any class, less its id (`/classroom/`). */
const LIVE_ROOM_PREFIX = liveRoomPath(0).replace(/0$/, '');

/**
 * A class held in the live room: its room link is the web app's room page (`/classroom/{id}`), not
 * the demo page (`/api/v1/classroom/demo/{id}`), as the lifecycle job tells them apart.
 */
export function isLiveRoom(classroomUrl: string | null): boolean {
  return classroomUrl !== null && classroomUrl.startsWith(LIVE_ROOM_PREFIX);
}

/**
 * The status a class has now (100 → 200 at the start → 300 at the end). The lifecycle job stores
 * the same transitions, but reads derive them so a stopped job never shows a wrong state.
 * Cancelled, abolished and already-over classes keep their stored status. A class in the live room
 * is in class (200) from the attendance the room records (the stored 200, written once both seats
 * are there at or after the start), not from the clock: until then it stays 100.
 */
export function deriveStatus(course: CourseTimes, now: number): CourseStatus {
  if (course.status === 100 || course.status === 200) {
    if (now < course.start_at) return 100;
    if (now < course.end_at) return course.live === true && course.status === 100 ? 100 : 200;
    return 300;
  }
  return course.status as CourseStatus;
}

/** Refuses a slot start outside the bookable window (at least the notice ahead, at most 14 days). */
export function checkBookable(startAt: number, now: number, minNoticeMinutes: number): void {
  const window = bookableWindow(now, minNoticeMinutes);
  if (startAt <= now) throw new AppError(CODES.UNPROCESSABLE, 'booking.slotPassed');
  if (startAt < window.from) {
    throw new AppError(CODES.UNPROCESSABLE, 'booking.tooSoon', { minutes: minNoticeMinutes });
  }
  if (startAt > window.to) {
    throw new AppError(CODES.UNPROCESSABLE, 'booking.tooFarAhead', { days: BOOKING_MAX_AHEAD_DAYS });
  }
}

/** The 24-hour rule (SPEC.md §9, DESIGN.md §7 "Cancelling"): less than 24 h before the start is late: nothing back. */
export function isLateCancel(startAt: number, now: number): boolean {
  return startAt - now < CANCEL_FREE_HOURS * HOUR_MS;
}

/** Whether the classroom link is shown: from 10 minutes before the start until the end, unless marked absent. */
export function classroomOpen(course: CourseTimes & { attended: number | null }, now: number): boolean {
  const status = deriveStatus(course, now);
  return (
    (status === 100 || status === 200) &&
    now >= course.start_at - CLASSROOM_OPENS_MINUTES_BEFORE * MINUTE_MS &&
    now < course.end_at &&
    course.attended !== 0
  );
}

/** The last instant a finished class can be reviewed. */
export function reviewDeadline(endAt: number): number {
  return endAt + REVIEW_WINDOW_DAYS * DAY_MS;
}

/**
 * The playback of a class (DESIGN.md §7 "Playback"): delivered within 24 h after the end, shown
 * until end + 30 days, never for a class the student missed.
 */
export function playbackOf(
  course: CourseTimes & { attended: number | null; playback_url: string | null },
  now: number,
): Playback {
  if (deriveStatus(course, now) !== 300) return { state: 'none', url: null, expires_at: null };
  if (course.attended === 0) return { state: 'missed', url: null, expires_at: null };
  const expiresAt = course.end_at + PLAYBACK_VALID_DAYS * DAY_MS;
  const expires = new Date(expiresAt).toISOString();
  if (now >= expiresAt) return { state: 'expired', url: null, expires_at: expires };
  if (!course.playback_url) return { state: 'pending', url: null, expires_at: expires };
  return { state: 'ready', url: course.playback_url, expires_at: expires };
}
