import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { nextDates, SCHEDULE_WEEKS, weekDays, weekRange } from './schedule.ts';

describe('slot grid weeks', () => {
  const now = dayjs('2026-11-22T15:30:00');

  it('shows 7 days from today and a second week within the 14 bookable days', () => {
    expect(SCHEDULE_WEEKS).toBe(2);
    expect(weekDays(0, now).map((d) => d.format('MM-DD'))).toEqual([
      '11-22',
      '11-23',
      '11-24',
      '11-25',
      '11-26',
      '11-27',
      '11-28',
    ]);
    expect(weekDays(1, now)[0]!.format('YYYY-MM-DD')).toBe('2026-11-29');
  });

  it('asks for [local midnight, +7 days)', () => {
    const { from, to } = weekRange(0, now);
    expect(dayjs(to).diff(dayjs(from), 'day')).toBe(7);
    expect(dayjs(from).format('HH:mm')).toBe('00:00');
  });

  it('asks for the days the grid shows, from midnight of its first day to midnight after its last', () => {
    for (const moment of [now, dayjs('2026-03-08T23:59:59'), dayjs('2026-12-31T00:00:00')]) {
      for (const week of [0, 1]) {
        const days = weekDays(week, moment);
        expect(weekRange(week, moment)).toEqual({
          from: days[0]!.toISOString(),
          to: days[6]!.add(1, 'day').toISOString(),
        });
      }
    }
  });

  it('offers the next 14 dates for the date filter', () => {
    const dates = nextDates(now);
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe('2026-11-22');
    expect(dates[13]).toBe('2026-12-05');
  });
});
