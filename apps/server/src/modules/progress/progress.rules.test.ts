import { describe, expect, it } from 'vitest';
import { beijingDate, periodOf, streakOf, weekOf, weekStartMs, weeksBetween } from './progress.rules.ts';

const bj = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h - 8, min);

describe('the progress calendar', () => {
  it('starts a week on Monday 00:00 Beijing time', () => {
    const monday = weekOf(bj(2026, 11, 23));
    expect(weekOf(bj(2026, 11, 22, 23, 59))).toBe(monday - 1);
    expect(weekOf(bj(2026, 11, 29, 23, 59))).toBe(monday);
    expect(weekStartMs(monday)).toBe(bj(2026, 11, 23));
    expect(beijingDate(weekStartMs(monday))).toBe('2026-11-23');
  });

  it('lists every week a period touches', () => {
    const weeks = weeksBetween(bj(2026, 12, 30), bj(2027, 1, 5));
    expect(weeks.map((w) => beijingDate(weekStartMs(w)))).toEqual(['2026-12-28', '2027-01-04']);
  });

  it('defaults to this month up to today, and refuses what the schema cannot see', () => {
    const now = bj(2026, 11, 20, 7);
    expect(periodOf({}, now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
      startMs: bj(2026, 11, 1),
      endMs: bj(2026, 11, 21),
    });
    expect(periodOf({ to: '2026-09-15' }, now)).toMatchObject({ from: '2026-09-01', to: '2026-09-15' });
    expect(periodOf({ from: '2026-12-01' }, now)).toEqual({ error: 'order' });
    expect(periodOf({ from: '2024-11-20' }, now)).toMatchObject({ from: '2024-11-20' });
    expect(periodOf({ from: '2024-11-19' }, now)).toEqual({ error: 'range' });
  });

  it('counts a streak back from this week, or from last week while this one has no class yet', () => {
    expect(streakOf([10, 9, 8, 6], 10)).toBe(3);
    expect(streakOf([9, 8, 6], 10)).toBe(2);
    expect(streakOf([8, 7], 10)).toBe(0);
    expect(streakOf([], 10)).toBe(0);
  });
});
