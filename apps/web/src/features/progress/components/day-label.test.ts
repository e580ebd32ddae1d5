import { describe, expect, it } from 'vitest';
import { dayLabel, dayLabelRoom } from './day-label.ts';

describe('the progress charts day labels', () => {
  it('writes English days day-month, never US numeric', () => {
    expect(dayLabel('2024-11-28', 'en')).toBe('28 Nov');
    expect(dayLabel('2024-11-28', 'en', true)).toBe('28 Nov 2024');
    expect(dayLabel('2026-08-10', 'en')).toBe('10 Aug');
    expect(dayLabel('2026-08-10', 'en', true)).not.toMatch(/\d+\/\d+/);
  });

  it('writes Chinese days with 年月日', () => {
    expect(dayLabel('2024-11-28', 'zh-Hans')).toBe('11月28日');
    expect(dayLabel('2024-11-28', 'zh-Hans', true)).toBe('2024年11月28日');
    expect(dayLabel('2027-01-04', 'zh-Hans', true)).toBe('2027年1月4日');
  });

  it('keeps the calendar day in every time zone (a day, not an instant)', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['America/Los_Angeles', 'UTC', 'Asia/Shanghai', 'Pacific/Kiritimati']) {
        process.env.TZ = tz;
        expect(dayLabel('2027-01-01', 'en', true), tz).toBe('1 Jan 2027');
        expect(dayLabel('2026-12-31', 'zh-Hans', true), tz).toBe('2026年12月31日');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('gives a label the room it needs, wider in Chinese and with the year', () => {
    expect(dayLabelRoom('en', true)).toBeGreaterThan(dayLabelRoom('en', false));
    expect(dayLabelRoom('zh-Hans', false)).toBeGreaterThan(dayLabelRoom('en', false));
    expect(dayLabelRoom('zh-Hans', true)).toBeGreaterThan(dayLabelRoom('zh-Hans', false));
  });
});
