import { describe, expect, it } from 'vitest';
import { BEIJING_TIME_ZONE, formatInZone, zonedTimes, zoneName, zoneOffsetMinutes } from './zoned-time.ts';

// 09:30 UTC on 22 Nov 2026: 17:30 in Beijing, 10:30 in Berlin (winter time), 09:30 in London.
const AT = '2026-11-22T09:30:00.000Z';

describe('zoneOffsetMinutes', () => {
  it('reads the offset of the zone at that instant, daylight saving included', () => {
    expect(zoneOffsetMinutes(new Date(AT), BEIJING_TIME_ZONE)).toBe(480);
    expect(zoneOffsetMinutes(new Date(AT), 'Europe/Berlin')).toBe(60);
    expect(zoneOffsetMinutes(new Date('2026-07-01T09:30:00Z'), 'Europe/Berlin')).toBe(120);
    expect(zoneOffsetMinutes(new Date(AT), 'America/St_Johns')).toBe(-210);
  });
});

describe('zonedTimes', () => {
  it('shows only the local time when the student is on Beijing time', () => {
    expect(zonedTimes(AT, 'zh-Hans', 'time', BEIJING_TIME_ZONE)).toEqual({ local: '17:30', beijing: null });
    // Another zone on the same clock (Singapore, UTC+8) needs no second time either.
    expect(zonedTimes(AT, 'en', 'time', 'Asia/Singapore')).toEqual({ local: '17:30', beijing: null });
  });

  it('adds Beijing time when the student’s clock shows something else', () => {
    expect(zonedTimes(AT, 'en', 'time', 'Europe/London')).toEqual({ local: '09:30', beijing: '17:30' });
    const berlin = zonedTimes(AT, 'zh-Hans', 'datetime', 'Europe/Berlin');
    expect(berlin.local).toContain('10:30');
    expect(berlin.beijing).toContain('17:30');
  });

  it('formats the day in the student’s zone, not in UTC', () => {
    // 23:30 UTC is already the next morning in Beijing.
    expect(formatInZone('2026-11-22T23:30:00Z', 'en', BEIJING_TIME_ZONE, 'date')).toContain('23');
    expect(formatInZone('2026-11-22T23:30:00Z', 'en', 'Europe/London', 'date')).toContain('22');
  });
});

describe('zoneName', () => {
  it("names a zone abroad in the student's language, never by its IANA id", () => {
    expect(zoneName('Europe/London', 'zh-Hans')).toBe('英国时间');
    expect(zoneName('Europe/London', 'en')).toBe('United Kingdom Time');
    expect(zoneName('America/Los_Angeles', 'zh-Hans')).toBe('北美太平洋时间');
    expect(zoneName('Europe/Vienna', 'zh-Hans')).toBe('中欧时间');
    expect(zoneName('Europe/Vienna', 'en')).toBe('Central European Time');
  });

  it('keeps the name through daylight saving time', () => {
    // The generic name, not "British Summer Time" in July and "Greenwich Mean Time" in January.
    expect(zoneName('Europe/London', 'en')).not.toMatch(/Summer|Mean|Standard/);
  });

  it('names a zone Intl cannot by the last part of its id', () => {
    expect(zoneName('Not/A_Zone', 'en')).toBe('A Zone time');
    expect(zoneName('Not/A_Zone', 'zh-Hans')).toBe('A Zone时间');
  });
});
