import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { timetableWeekRange } from './week-range.ts';
import { byLocalDay, countdownParts, nextClassOf, weekDaysOf, weekRangeOf, weekStart } from './timetable.ts';

const at = (s: string) => dayjs(s);

describe('weeks', () => {
  it('start on Monday, also when today is Sunday', () => {
    expect(weekStart(0, at('2030-01-13T15:00')).format('YYYY-MM-DD ddd')).toBe('2030-01-07 Mon');
    expect(weekStart(0, at('2030-01-07T00:00')).format('YYYY-MM-DD')).toBe('2030-01-07');
    expect(weekStart(1, at('2030-01-09T10:00')).format('YYYY-MM-DD')).toBe('2030-01-14');
    expect(weekStart(-1, at('2030-01-09T10:00')).format('YYYY-MM-DD')).toBe('2029-12-31');
  });

  it('hold seven days Monday to Sunday, and the range is [Monday, next Monday)', () => {
    const days = weekDaysOf(0, at('2030-01-09T10:00')).map((d) => d.format('DD ddd'));
    expect(days).toEqual(['07 Mon', '08 Tue', '09 Wed', '10 Thu', '11 Fri', '12 Sat', '13 Sun']);
    const range = weekRangeOf(0, at('2030-01-09T10:00'));
    expect(Date.parse(range.to) - Date.parse(range.from)).toBe(7 * 86_400_000);
    expect(range.from).toBe(at('2030-01-07T00:00').toISOString());
  });

  it("start-up's dayjs-free range is the week the page shows, Sundays and year ends included", () => {
    for (const now of ['2030-01-09T10:00', '2030-01-13T23:59', '2030-12-30T00:00', '2031-01-04T12:00']) {
      for (const offset of [-1, 0, 1]) {
        const days = weekDaysOf(offset, at(now));
        const range = timetableWeekRange(offset, at(now).toDate());
        expect(range.from).toBe(days[0]?.toISOString());
        expect(range.to).toBe(days[6]?.add(1, 'day').toISOString());
        expect(weekRangeOf(offset, at(now))).toEqual(range);
      }
    }
  });
});

const c = (start: string, minutes: number, status = 100) => ({
  start: at(start).toISOString(),
  end: at(start).add(minutes, 'minute').toISOString(),
  status,
});

describe('byLocalDay', () => {
  it('groups by local date in start order', () => {
    const a = c('2030-01-08T18:00', 25);
    const b = c('2030-01-08T09:00', 25);
    const d = c('2030-01-09T09:00', 50);
    const days = byLocalDay([a, d, b]);
    expect([...days.keys()]).toEqual(['2030-01-08', '2030-01-09']);
    expect(days.get('2030-01-08')).toEqual([b, a]);
  });
});

describe('nextClassOf', () => {
  const now = at('2030-01-08T10:10').valueOf();
  it('is the class in progress first', () => {
    const live = c('2030-01-08T10:00', 25, 200);
    expect(nextClassOf([c('2030-01-08T12:00', 25), live], now)).toEqual({ kind: 'now', course: live });
  });
  it('is else the soonest upcoming class, with the time to it', () => {
    const soon = c('2030-01-08T12:23', 25);
    expect(nextClassOf([c('2030-01-09T12:00', 25), soon, c('2030-01-08T08:00', 25, 300)], now)).toEqual({
      kind: 'next',
      course: soon,
      inMs: (2 * 60 + 13) * 60_000,
    });
  });
  it('skips abolished classes and is null when nothing is ahead', () => {
    expect(nextClassOf([c('2030-01-08T12:00', 25, -100)], now)).toBeNull();
    expect(nextClassOf([], now)).toBeNull();
  });
});

describe('countdownParts', () => {
  it('words a duration in days, hours or minutes', () => {
    expect(countdownParts((2 * 60 + 13) * 60_000 + 59_000)).toEqual({ unit: 'hours', h: 2, m: 13 });
    expect(countdownParts(59_000)).toEqual({ unit: 'lessThanMinute' });
    expect(countdownParts(45 * 60_000)).toEqual({ unit: 'minutes', m: 45 });
    expect(countdownParts((26 * 60 + 5) * 60_000)).toEqual({ unit: 'days', d: 1, h: 2 });
  });
});
