import dayjs, { type Dayjs } from 'dayjs';
import type { BOOKING_MAX_AHEAD_DAYS } from '@app/contract/booking';
import { scheduleWeekRange } from './week-range.ts';

// Type-checked against the contract without importing it at run time (the contract module pulls
// zod, which the first screen should not load).
const MAX_AHEAD_DAYS: typeof BOOKING_MAX_AHEAD_DAYS = 14;

/** Weeks of the slot grid: 7 days from today, and the next 7 (slots are bookable 14 days ahead). */
export const SCHEDULE_WEEKS = Math.ceil(MAX_AHEAD_DAYS / 7);

/** The local days of grid week `week` (0 = today and the 6 days after). */
export function weekDays(week: number, now: Dayjs = dayjs()): Dayjs[] {
  const first = now.startOf('day').add(week * 7, 'day');
  return Array.from({ length: 7 }, (_, i) => first.add(i, 'day'));
}

/** The ISO [from, to) range the schedule call asks for week `week`. */
export function weekRange(week: number, now: Dayjs = dayjs()): { from: string; to: string } {
  return scheduleWeekRange(week, now.toDate());
}

/** The next 14 local dates (YYYY-MM-DD) offered by the date filter. */
export function nextDates(now: Dayjs = dayjs(), count: number = MAX_AHEAD_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => now.startOf('day').add(i, 'day').format('YYYY-MM-DD'));
}
