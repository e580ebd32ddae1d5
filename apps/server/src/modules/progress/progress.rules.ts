import { addYears } from '@app/contract/progress-dates';
import { CHINA_OFFSET_MS } from '../../clock.ts';

/**
 * The calendar of "My progress" (issue 37): Beijing days and Monday-first weeks (China has one zone
 * and no daylight saving, so a fixed +8 h). Pure, so the week and streak rules are tested apart.
 */

export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/**
 * Week numbers count whole weeks from Monday 5 January 1970, 00:00 Beijing time, so the database
 * computes one with integer arithmetic alike on SQLite and PostgreSQL: `(start_at - WEEK_EPOCH_MS) /
 * WEEK_MS` (every class is later, so the division never truncates a negative number).
 */
export const WEEK_EPOCH_MS = 4 * DAY_MS - CHINA_OFFSET_MS;

/** The week number of an instant. */
export function weekOf(ms: number): number {
  return Math.floor((ms - WEEK_EPOCH_MS) / WEEK_MS);
}

/** The instant a week began (Monday 00:00 Beijing). */
export function weekStartMs(week: number): number {
  return WEEK_EPOCH_MS + week * WEEK_MS;
}

/** The Beijing day (YYYY-MM-DD) of an instant. */
export function beijingDate(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Beijing day began. */
export function beijingDayStartMs(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`) - CHINA_OFFSET_MS;
}

/**
 * The period a read covers, as instants [startMs, endMs): `from` 00:00 to the day after `to`, 00:00.
 * Without `from`, the first of this month; without `to`, today (both in Beijing time); a `to` alone
 * before this month starts the period on the first of its own month.
 */
export function periodOf(
  query: { from?: string | undefined; to?: string | undefined },
  now: number,
): { from: string; to: string; startMs: number; endMs: number } | { error: 'order' | 'range' } {
  const today = beijingDate(now);
  const to = query.to ?? today;
  const from =
    query.from ??
    (query.to !== undefined && query.to < today ? `${to.slice(0, 7)}-01` : `${today.slice(0, 7)}-01`);
  if (from > to) return { error: 'order' };
  if (to > addYears(from, 2)) return { error: 'range' };
  return { from, to, startMs: beijingDayStartMs(from), endMs: beijingDayStartMs(to) + DAY_MS };
}

/**
 * The current streak (issue 37): weeks in a row, up to now, with at least one attended class. The
 * week under way counts when it has one; when it has none yet the streak is still alive and counts
 * back from last week (the student has until Sunday night). `weeks` are the week numbers with an
 * attended class, any order.
 */
export function streakOf(weeks: Iterable<number>, currentWeek: number): number {
  const held = new Set(weeks);
  let week = held.has(currentWeek) ? currentWeek : currentWeek - 1;
  let streak = 0;
  while (held.has(week)) {
    streak += 1;
    week -= 1;
  }
  return streak;
}

/** Every week number from the one holding `startMs` to the one holding `endMs - 1`. */
export function weeksBetween(startMs: number, endMs: number): number[] {
  const first = weekOf(startMs);
  const last = weekOf(endMs - 1);
  const out: number[] = [];
  for (let w = first; w <= last; w += 1) out.push(w);
  return out;
}
