import dayjs, { type Dayjs } from 'dayjs';
import { timetableWeekRange } from './week-range.ts';

/** A class as the timetable needs it (CourseItem's fields). */
type Timed = { start: string; end: string; status: number };

/** Status of an abolished class (teacher no-show): shown, but never "next". */
const ABOLISHED = -100;

/** The Monday 00:00 (local) of the week `offset` weeks from the one holding `now`. */
export function weekStart(offset: number, now: Dayjs = dayjs()): Dayjs {
  const day = now.startOf('day');
  // day() is 0 for Sunday: Monday-based weeks (SPEC.md: weeks start on Monday in both languages).
  const sinceMonday = (day.day() + 6) % 7;
  return day.subtract(sinceMonday, 'day').add(offset * 7, 'day');
}

/** Monday to Sunday of week `offset`. */
export function weekDaysOf(offset: number, now: Dayjs = dayjs()): Dayjs[] {
  const monday = weekStart(offset, now);
  return Array.from({ length: 7 }, (_, i) => monday.add(i, 'day'));
}

/** The ISO [from, to) of week `offset` for GET /course/getTimetable (see week-range.ts). */
export function weekRangeOf(offset: number, now: Dayjs = dayjs()): { from: string; to: string } {
  return timetableWeekRange(offset, now.toDate());
}

/** Classes by local day (YYYY-MM-DD), each day's in start order. */
export function byLocalDay<T extends Timed>(classes: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const c of [...classes].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const key = dayjs(c.start).format('YYYY-MM-DD');
    days.set(key, [...(days.get(key) ?? []), c]);
  }
  return days;
}

export type NextClass<T> = { kind: 'now'; course: T } | { kind: 'next'; course: T; inMs: number } | null;

/**
 * What the countdown shows: the class in progress ("in class now"), else the next one to start,
 * else nothing. Abolished classes are skipped (the timetable never lists cancelled ones).
 */
export function nextClassOf<T extends Timed>(classes: readonly T[], now: number): NextClass<T> {
  const live = classes.filter((c) => c.status !== ABOLISHED);
  const current = live.find((c) => Date.parse(c.start) <= now && now < Date.parse(c.end));
  if (current) return { kind: 'now', course: current };
  const upcoming = live
    .filter((c) => Date.parse(c.start) > now)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0];
  return upcoming ? { kind: 'next', course: upcoming, inMs: Date.parse(upcoming.start) - now } : null;
}

/**
 * A duration as the countdown words it: days and hours beyond a day, hours and minutes beyond an
 * hour, minutes below; whole minutes rounded down (a class 59 s away is "less than a minute").
 */
export function countdownParts(
  ms: number,
):
  | { unit: 'days'; d: number; h: number }
  | { unit: 'hours'; h: number; m: number }
  | { unit: 'minutes'; m: number }
  | { unit: 'lessThanMinute' } {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return { unit: 'lessThanMinute' };
  if (minutes < 60) return { unit: 'minutes', m: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', h: hours, m: minutes % 60 };
  return { unit: 'days', d: Math.floor(hours / 24), h: hours % 24 };
}
