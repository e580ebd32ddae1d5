import { describe, expect, it } from 'vitest';
import { nextChinaMidnight, nextClockChange } from '../src/modules/users/student-reads-clock.ts';
import { DAY, HOUR, MINUTE, giveCard, wholeMinute } from './helpers/courses.ts';
import { createSlot } from './helpers/factories.ts';
import { studentReadsSetup } from './helpers/student-reads.ts';

/**
 * The student's next change by the clock (issue 36): the instant the student reply cache ends an
 * entry at, from the student's classes, cards and awaiting orders, on SQLite and PostgreSQL.
 */

const NOW = wholeMinute(Date.now());

const setup = () => studentReadsSetup(NOW);

describe('the next change by the clock of a student’s reads', () => {
  it('is the next midnight in China for a student with nothing that changes', async () => {
    const { t, s } = await setup();
    expect(await nextClockChange(t.db, s.studentId, NOW)).toBe(nextChinaMidnight(NOW));
    const midnight = nextChinaMidnight(NOW);
    // Midnight in China is 16:00 UTC; the next one is a day later, and never `now` itself.
    expect(new Date(midnight).getUTCHours()).toBe(16);
    expect(midnight).toBeGreaterThan(NOW);
    expect(nextChinaMidnight(midnight)).toBe(midnight + DAY);
  });

  it('walks a class through its 24-hour line, room opening, start, end, review window and playback life', async () => {
    const { t, teacher, s } = await setup();
    const start = NOW + 3 * DAY + 7 * MINUTE;
    const slotId = await createSlot(t.db, teacher, { start_at: start });
    await t.app.courses.book({ studentId: s.studentId, slotId, payType: 'coin' });
    const end = start + 25 * MINUTE;
    const instants = [start - 24 * HOUR, start - 10 * MINUTE, start, end, end + 7 * DAY, end + 30 * DAY];
    let now = NOW;
    for (const instant of instants) {
      // Each step: the class's next instant, unless a midnight in China comes first.
      while (nextChinaMidnight(now) <= instant) {
        expect(await nextClockChange(t.db, s.studentId, now)).toBe(nextChinaMidnight(now));
        now = nextChinaMidnight(now);
      }
      expect(await nextClockChange(t.db, s.studentId, now)).toBe(instant);
      now = instant;
    }
    // Past its playback's life the class changes no more.
    expect(await nextClockChange(t.db, s.studentId, now)).toBe(nextChinaMidnight(now));
  });

  it('counts a card’s expiry and an awaiting order’s, not an expired card, a paid or a closed order', async () => {
    const { t, s } = await setup();
    const cardExpiry = NOW + 5 * HOUR + 17 * MINUTE;
    await giveCard(t.db, t.app.wallet, s.studentId, { type: 200, expiresAt: NOW - HOUR });
    await giveCard(t.db, t.app.wallet, s.studentId, { type: 200, expiresAt: cardExpiry });
    const expected = (at: number) => Math.min(at, nextChinaMidnight(NOW));
    expect(await nextClockChange(t.db, s.studentId, NOW)).toBe(expected(cardExpiry));

    const order = (status: number, expiresAt: number, n: number) =>
      t.db
        .insertInto('pay_order')
        .values({
          order_no: `CLOCK${s.studentId}x${n}`,
          student_id: s.studentId,
          product_id: 1,
          product: 'coins',
          kind: 'coin',
          amount_fen: 100,
          pay_method: 'wechat',
          provider: 'sandbox',
          pay_action: 'qr',
          status,
          created_at: NOW,
          expires_at: expiresAt,
        })
        .execute();
    await order(200, NOW + 3 * MINUTE, 1); // paid: its expiry no longer matters
    await order(500, NOW + 4 * MINUTE, 3); // closed
    expect(await nextClockChange(t.db, s.studentId, NOW)).toBe(expected(cardExpiry));
    await order(0, NOW + 14 * MINUTE, 2); // awaiting payment
    expect(await nextClockChange(t.db, s.studentId, NOW)).toBe(expected(NOW + 14 * MINUTE));
  });
});
