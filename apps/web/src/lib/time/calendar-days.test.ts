import { describe, expect, it } from 'vitest';
import { formatDayRange } from './calendar-days.ts';

describe('formatDayRange', () => {
  it('writes a range of days in each language, without ISO dates', () => {
    const zh = formatDayRange('2026-09-01', '2026-12-31', 'zh-Hans');
    const en = formatDayRange('2026-09-01', '2026-12-31', 'en');
    expect(zh).toBe('2026年9月1日至12月31日');
    expect(formatDayRange('2026-12-01', '2027-01-31', 'zh-Hans')).toBe('2026年12月1日至2027年1月31日');
    expect(en).toMatch(/1 Sept?/);
    expect(en).toMatch(/31 Dec 2026/);
    for (const text of [zh, en]) expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('keeps each day whatever the zone (days, not instants)', () => {
    expect(formatDayRange('2026-01-01', '2026-01-02', 'en')).toMatch(/^1.+2 Jan 2026$/);
  });
});
