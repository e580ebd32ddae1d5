import { describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import { NOW, PRICE, setup, student, type Ctx } from './helpers/classes.ts';
import {
  DAY,
  HOUR,
  cardLogsOf,
  coinLogsOf,
  expectLedgersWhole,
  expectRefusal,
  giveCard,
  slotState,
} from './helpers/courses.ts';
import { createSlot } from './helpers/factories.ts';

/**
 * Cancelling a class at service level (DESIGN.md §7 "Cancelling", the 24-hour rule): what is
 * refunded, when, and only once.
 */

describe('cancelling (the 24-hour rule)', () => {
  async function booked(ctx: Ctx, payType: 'coin' | 'card' = 'coin') {
    const s = await student(ctx, payType === 'coin' ? PRICE : 0);
    const card =
      payType === 'card'
        ? await giveCard(ctx.db, ctx.wallet, s, {
            type: 100,
            teacherId: ctx.teacher,
            lessons: 1,
            expiresAt: NOW + 60 * DAY,
          })
        : null;
    const start = NOW + 3 * DAY;
    const slotId = await createSlot(ctx.db, ctx.teacher, { start_at: start });
    const course = await ctx.courses.book({ studentId: s, slotId, payType });
    return { s, card, start, slotId, course };
  }

  it('refunds coins (log 600) when cancelled at start − 24 h − 1 s, and frees the slot', async () => {
    const ctx = await setup();
    const { s, start, slotId, course } = await booked(ctx);
    ctx.clock.set(start - 24 * HOUR - 1000);
    const result = await ctx.courses.cancel({
      studentId: s,
      courseId: course.id,
      reason: 'reschedule',
      remark: ' moving house ',
    });
    expect(result).toEqual({
      id: course.id,
      status: -200,
      late_cancel: false,
      refunded_coins: PRICE,
      refunded_card_lessons: 0,
    });
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: PRICE });
    expect((await coinLogsOf(ctx.db, s)).at(-1)).toEqual({
      type: 600,
      amount: PRICE,
      balance_after: PRICE,
      course_id: course.id,
    });
    expect(await slotState(ctx.db, slotId)).toBe('free');
    const info = await ctx.courses.getCourseInfo(s, course.id);
    expect(info).toMatchObject({
      status: -200,
      cancel_reason: 'reschedule',
      cancel_remark: 'moving house',
      late_cancel: false,
    });
    await expectLedgersWhole(ctx.db);
  });

  it('refunds at exactly start − 24 h', async () => {
    const ctx = await setup();
    const { s, start, course } = await booked(ctx);
    ctx.clock.set(start - 24 * HOUR);
    expect(
      (await ctx.courses.cancel({ studentId: s, courseId: course.id, reason: 'other' })).refunded_coins,
    ).toBe(PRICE);
  });

  it('refunds nothing at start − 24 h + 1 s: a late cancellation, and the slot is free again', async () => {
    const ctx = await setup();
    const { s, start, slotId, course } = await booked(ctx);
    ctx.clock.set(start - 24 * HOUR + 1000);
    const result = await ctx.courses.cancel({ studentId: s, courseId: course.id, reason: 'emergency' });
    expect(result).toEqual({
      id: course.id,
      status: -200,
      late_cancel: true,
      refunded_coins: 0,
      refunded_card_lessons: 0,
    });
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: 0 });
    expect((await coinLogsOf(ctx.db, s)).map((l) => l.type)).toEqual([300, 500]);
    expect(await slotState(ctx.db, slotId)).toBe('free');
    expect((await ctx.courses.getCourseInfo(s, course.id)).late_cancel).toBe(true);
    await expectLedgersWhole(ctx.db);
  });

  it('gives a card lesson back (log 3) when a card-paid class is cancelled in time', async () => {
    const ctx = await setup();
    const { s, card, start, course } = await booked(ctx, 'card');
    ctx.clock.set(start - 2 * DAY);
    const result = await ctx.courses.cancel({ studentId: s, courseId: course.id, reason: 'personal' });
    expect(result.refunded_card_lessons).toBe(1);
    expect((await cardLogsOf(ctx.db, card!)).map((l) => [l.type, l.amount, l.lessons_after])).toEqual([
      [1, 1, 1],
      [2, -1, 0],
      [3, 1, 1],
    ]);
    await expectLedgersWhole(ctx.db);
  });

  it('refuses to cancel after the start', async () => {
    const ctx = await setup();
    const { s, start, course } = await booked(ctx);
    ctx.clock.set(start);
    await expectRefusal(
      ctx.courses.cancel({ studentId: s, courseId: course.id, reason: 'other' }),
      CODES.UNPROCESSABLE,
      'course.cancelAfterStart',
    );
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: 0 });
  });

  it('cancels once: a second cancel is a 409 and refunds nothing more', async () => {
    const ctx = await setup();
    const { s, course } = await booked(ctx);
    await ctx.courses.cancel({ studentId: s, courseId: course.id, reason: 'other' });
    await expectRefusal(
      ctx.courses.cancel({ studentId: s, courseId: course.id, reason: 'other' }),
      CODES.CONFLICT,
      'course.alreadyCancelled',
    );
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: PRICE });
    await expectLedgersWhole(ctx.db);
  });

  it('ten concurrent cancels of one class refund once', async () => {
    const ctx = await setup();
    const { s, course } = await booked(ctx);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        ctx.courses.cancel({ studentId: s, courseId: course.id, reason: 'other' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await coinLogsOf(ctx.db, s)).filter((l) => l.type === 600)).toHaveLength(1);
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: PRICE });
    await expectLedgersWhole(ctx.db);
  });

  it('a cancelled slot can be booked again by someone else', async () => {
    const ctx = await setup();
    const { s, slotId, course } = await booked(ctx);
    await ctx.courses.cancel({ studentId: s, courseId: course.id, reason: 'other' });
    const again = await ctx.courses.book({ studentId: await student(ctx), slotId, payType: 'coin' });
    expect(again.slot_id).toBe(slotId);
    await expectLedgersWhole(ctx.db);
  });
});
