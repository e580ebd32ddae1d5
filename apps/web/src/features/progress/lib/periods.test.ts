import { describe, expect, it } from 'vitest';
import { addYears } from '@app/contract/progress-dates';
import { beijingToday, periodDates } from './periods.ts';

/** An instant given in Beijing wall time. */
const bj = (y: number, m: number, d: number, h = 12) => Date.UTC(y, m - 1, d, h - 8);

describe('the progress periods', () => {
  it('take today in Beijing, not in the browser zone', () => {
    // 23:30 UTC on 30 November is 07:30 on 1 December in Beijing.
    expect(beijingToday(Date.UTC(2026, 10, 30, 23, 30))).toBe('2026-12-01');
    expect(periodDates('month', Date.UTC(2026, 10, 30, 23, 30))).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
    });
  });

  it('count the last 30 days with today', () => {
    expect(periodDates('last30', bj(2026, 3, 10))).toEqual({ from: '2026-02-09', to: '2026-03-10' });
  });

  it('start the term on 1 September or 1 March', () => {
    expect(periodDates('term', bj(2026, 11, 20)).from).toBe('2026-09-01');
    expect(periodDates('term', bj(2027, 2, 10)).from).toBe('2026-09-01');
    expect(periodDates('term', bj(2027, 3, 1)).from).toBe('2027-03-01');
    expect(periodDates('term', bj(2027, 8, 31)).from).toBe('2027-03-01');
  });

  it('keep all time within the two years the API reads', () => {
    expect(periodDates('all', bj(2026, 11, 20))).toEqual({ from: '2024-11-20', to: '2026-11-20' });
    const leap = periodDates('all', bj(2028, 2, 29));
    expect(leap).toEqual({ from: '2026-03-01', to: '2028-02-29' });
    expect(addYears(leap.from, 2) >= leap.to).toBe(true);
  });
});
