import { describe, expect, it } from 'vitest';
import { cardLastDay, lastUsableDay } from './card-validity.ts';

describe('lastUsableDay', () => {
  it('is the moment before the expiry, so a card expiring at midnight ends the day before', () => {
    expect(lastUsableDay('2027-02-25T16:00:00.000Z')).toBe('2027-02-25T15:59:59.999Z');
  });
});

describe('cardLastDay', () => {
  it('names the day before a Beijing-midnight expiry, usable all that day, in Beijing', () => {
    // 2027-02-26 00:00 in Beijing.
    const { local, beijing } = cardLastDay('2027-02-25T16:00:00.000Z', 'en', 'Asia/Shanghai');
    expect(local).toEqual({ day: 'Thu, 25 Feb 2027', until: null });
    expect(beijing).toBeNull();
  });

  it('gives the time the card stops on its last day, in the student zone and in Beijing', () => {
    // 2027-02-25 14:30 in Beijing is 06:30 in London.
    const { local, beijing } = cardLastDay('2027-02-25T06:30:00.000Z', 'zh-Hans', 'Europe/London');
    expect(local).toEqual({ day: '2027年2月25日周四', until: '06:30' });
    expect(beijing).toEqual({ day: '2027年2月25日周四', until: '14:30' });
  });

  it('can fall on different days in the two zones', () => {
    // 2027-02-26 00:00 in Beijing is 2027-02-25 16:00 in London.
    const { local, beijing } = cardLastDay('2027-02-25T16:00:00.000Z', 'en', 'Europe/London');
    expect(local).toEqual({ day: 'Thu, 25 Feb 2027', until: '16:00' });
    expect(beijing).toEqual({ day: 'Thu, 25 Feb 2027', until: null });
  });
});
