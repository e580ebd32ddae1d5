import { BOOKING_MAX_AHEAD_DAYS } from '@app/contract/booking';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { hashOf } from './avatar.ts';
import { teachersRepository } from './teachers.repository.ts';
import { addDays, localDateOf, weekdayOf, type LocalDate } from './time-zone.ts';

/**
 * Demo schedules (DESIGN.md §10): free slots at times Chinese students book (weekday evenings
 * 18:00-22:00, weekend daytime and evenings, Beijing time), 25 or 50 minutes per teacher, some taken
 * by other students. Generation is deterministic per (teacher, start), and (teacher_id, start_at) is
 * unique, so the top-up is idempotent and instances running it at once cannot duplicate a slot.
 */
const BEIJING_OFFSET_MS = 8 * 3_600_000;
const ZONE = 'Asia/Shanghai';
const DAY_MS = 86_400_000;

/** [from, to) hours of the day, Beijing time. */
const WEEKDAY_HOURS: [number, number][] = [[18, 22]];
const WEEKEND_HOURS: [number, number][] = [
  [9, 12],
  [14, 17],
  [19, 21],
];

export type DemoSlot = { teacher_id: number; start_at: number; end_at: number; state: 'free' | 'booked' };

/** 25-minute lessons for most teachers, 50 minutes for every third. */
export function lessonMinutesOf(teacherId: number): 25 | 50 {
  return teacherId % 3 === 0 ? 50 : 25;
}

function beijingInstant(day: LocalDate, minutes: number): number {
  return Date.UTC(day.year, day.month - 1, day.day, 0, minutes) - BEIJING_OFFSET_MS;
}

/** The demo slots of a teacher starting in (after, until]. */
export function demoSlotsFor(teacherId: number, after: number, until: number): DemoSlot[] {
  const length = lessonMinutesOf(teacherId);
  const step = length === 25 ? 30 : 60;
  const slots: DemoSlot[] = [];
  const last = localDateOf(until, ZONE);
  for (let day = localDateOf(after, ZONE); ; day = addDays(day, 1)) {
    const weekday = weekdayOf(day);
    const hours = weekday === 0 || weekday === 6 ? WEEKEND_HOURS : WEEKDAY_HOURS;
    for (const [fromHour, toHour] of hours) {
      for (let minute = fromHour * 60; minute + length <= toHour * 60; minute += step) {
        const start = beijingInstant(day, minute);
        if (start <= after || start > until) continue;
        const roll = hashOf(`${teacherId}:${start}`) % 100;
        // About 60 % of the teaching hours are published; a quarter of those are already taken.
        if (roll >= 60) continue;
        slots.push({
          teacher_id: teacherId,
          start_at: start,
          end_at: start + length * 60_000,
          state: roll < 15 ? 'booked' : 'free',
        });
      }
    }
    if (day.year === last.year && day.month === last.month && day.day === last.day) break;
  }
  return slots;
}

/**
 * Makes sure every active demo teacher has slots for the next 14 days (plus a day, so the bookable
 * window is always covered); returns how many slots were added. Run at every start and daily.
 */
export async function topUpDemoSlots(db: Db, now: number): Promise<number> {
  const teachers = await teachersRepository.listActiveDemoTeachers(db);
  if (teachers.length === 0) return 0;
  const until = now + (BOOKING_MAX_AHEAD_DAYS + 1) * DAY_MS;
  return withTransaction(db, async (trx) => {
    let added = 0;
    for (const teacher of teachers) {
      added += await teachersRepository.insertSlotsIfAbsent(trx, demoSlotsFor(teacher.id, now, until));
    }
    return added;
  });
}
