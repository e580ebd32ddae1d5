import { describe, expect, it } from 'vitest';
import { isAppError } from '../../http/app-error.ts';
import {
  checkBookable,
  classroomOpen,
  deriveStatus,
  isLateCancel,
  playbackOf,
  reviewDeadline,
} from './booking.rules.ts';

/** The rules of a class's life as pure functions: no database, only the class and the moment. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A whole minute, so the bookable window's minute rounding does not move the edges. */
const NOW = Date.UTC(2026, 2, 2, 10, 0);

/** A class of 25 minutes starting `in` ms from NOW, with a stored status. */
function classAt(startIn: number, status = 100) {
  return { status, start_at: NOW + startIn, end_at: NOW + startIn + 25 * MINUTE };
}

/** The refusal `checkBookable` raises, as { code, messageKey, params }, or null when it accepts. */
function bookingRefusal(startAt: number, minNoticeMinutes = 60) {
  try {
    checkBookable(startAt, NOW, minNoticeMinutes);
    return null;
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { code: error.code, messageKey: error.messageKey, params: error.params };
  }
}

describe('deriveStatus: statuses follow the clock', () => {
  it('is 100 before the start, 200 from the start, 300 from the end', () => {
    const course = classAt(HOUR);
    expect(deriveStatus(course, NOW)).toBe(100);
    expect(deriveStatus(course, course.start_at - 1)).toBe(100);
    expect(deriveStatus(course, course.start_at)).toBe(200);
    expect(deriveStatus(course, course.end_at - 1)).toBe(200);
    expect(deriveStatus(course, course.end_at)).toBe(300);
  });

  it('reads the same from a stored 200 as from 100 (a stopped job never shows a wrong state)', () => {
    const course = classAt(-10 * MINUTE, 200);
    expect(deriveStatus(course, NOW)).toBe(200);
    expect(deriveStatus(course, course.end_at)).toBe(300);
  });

  it('keeps cancelled, abolished and over classes as stored', () => {
    for (const status of [-200, -100, 300]) {
      expect(deriveStatus(classAt(HOUR, status), NOW)).toBe(status);
      expect(deriveStatus(classAt(-DAY, status), NOW)).toBe(status);
    }
  });
});

describe('checkBookable: the bookable window', () => {
  it('accepts a start from the notice period ahead up to 14 days ahead', () => {
    expect(bookingRefusal(NOW + HOUR)).toBeNull();
    expect(bookingRefusal(NOW + 14 * DAY)).toBeNull();
  });

  it('refuses a start that has passed', () => {
    expect(bookingRefusal(NOW)).toEqual({ code: 422, messageKey: 'booking.slotPassed', params: {} });
    expect(bookingRefusal(NOW - MINUTE)?.messageKey).toBe('booking.slotPassed');
  });

  it('refuses a start inside the notice period, naming it', () => {
    expect(bookingRefusal(NOW + HOUR - MINUTE)).toEqual({
      code: 422,
      messageKey: 'booking.tooSoon',
      params: { minutes: 60 },
    });
    expect(bookingRefusal(NOW + 90 * MINUTE, 120)?.params).toEqual({ minutes: 120 });
    // No notice period: any start still to come.
    expect(bookingRefusal(NOW + MINUTE, 0)).toBeNull();
  });

  it('refuses a start more than 14 days ahead', () => {
    expect(bookingRefusal(NOW + 14 * DAY + MINUTE)).toEqual({
      code: 422,
      messageKey: 'booking.tooFarAhead',
      params: { days: 14 },
    });
  });
});

describe('isLateCancel: the 24-hour rule', () => {
  it('is in time 24 hours or more before the start, late after that', () => {
    expect(isLateCancel(NOW + 24 * HOUR, NOW)).toBe(false);
    expect(isLateCancel(NOW + 25 * HOUR, NOW)).toBe(false);
    expect(isLateCancel(NOW + 24 * HOUR - 1, NOW)).toBe(true);
    expect(isLateCancel(NOW + MINUTE, NOW)).toBe(true);
  });
});

describe('classroomOpen: the room link', () => {
  const course = { ...classAt(HOUR), attended: null };

  it('shows from 10 minutes before the start until the end', () => {
    expect(classroomOpen(course, course.start_at - 10 * MINUTE - 1)).toBe(false);
    expect(classroomOpen(course, course.start_at - 10 * MINUTE)).toBe(true);
    expect(classroomOpen(course, course.start_at + MINUTE)).toBe(true);
    expect(classroomOpen(course, course.end_at - 1)).toBe(true);
    expect(classroomOpen(course, course.end_at)).toBe(false);
  });

  it('never shows for a student marked absent, nor for a cancelled or abolished class', () => {
    expect(classroomOpen({ ...course, attended: 0 }, course.start_at)).toBe(false);
    expect(classroomOpen({ ...course, status: -200 }, course.start_at)).toBe(false);
    expect(classroomOpen({ ...course, status: -100 }, course.start_at)).toBe(false);
  });
});

describe('reviewDeadline', () => {
  it('is 7 days after the end', () => {
    expect(reviewDeadline(NOW)).toBe(NOW + 7 * DAY);
  });
});

describe('playbackOf: the recording of a held class', () => {
  const ended = { ...classAt(-HOUR), attended: null, playback_url: null };
  const url = 'https://media.example/1.mp4';
  const expiresAt = new Date(ended.end_at + 30 * DAY).toISOString();

  it('is none until the class is over, and for a cancelled one', () => {
    const upcoming = { ...classAt(HOUR), attended: null, playback_url: url };
    expect(playbackOf(upcoming, NOW)).toEqual({ state: 'none', url: null, expires_at: null });
    expect(playbackOf({ ...ended, status: -200, playback_url: url }, NOW).state).toBe('none');
  });

  it('is pending until the recording arrives, then ready until 30 days after the end', () => {
    expect(playbackOf(ended, NOW)).toEqual({ state: 'pending', url: null, expires_at: expiresAt });
    const delivered = { ...ended, playback_url: url };
    expect(playbackOf(delivered, NOW)).toEqual({ state: 'ready', url, expires_at: expiresAt });
    expect(playbackOf(delivered, ended.end_at + 30 * DAY - 1).state).toBe('ready');
    expect(playbackOf(delivered, ended.end_at + 30 * DAY)).toEqual({
      state: 'expired',
      url: null,
      expires_at: expiresAt,
    });
  });

  it('is missed, with no link, for a student marked absent', () => {
    expect(playbackOf({ ...ended, attended: 0, playback_url: url }, NOW)).toEqual({
      state: 'missed',
      url: null,
      expires_at: null,
    });
  });
});
