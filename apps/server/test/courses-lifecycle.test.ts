import { describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import { deriveStatus, playbackOf } from '../src/modules/courses/booking.rules.ts';
import { NOW, PRICE, setup, student, slot } from './helpers/classes.ts';
import {
  DAY,
  HOUR,
  MINUTE,
  cardLogsOf,
  coinLogsOf,
  expectLedgersWhole,
  expectRefusal,
  giveCard,
} from './helpers/courses.ts';
import { createSlot } from './helpers/factories.ts';

/**
 * A class after it was booked, at service level (DESIGN.md §7 "Class lifecycle"): statuses that
 * follow the clock, the teacher's no-show, the student's absence, the playback and the room link.
 */

describe('class lifecycle', () => {
  it('derives 100 → 200 at the start → 300 at the end; cancelled and abolished keep their status', () => {
    const c = { status: 100, start_at: 1000, end_at: 2000 };
    expect([999, 1000, 1999, 2000].map((now) => deriveStatus(c, now))).toEqual([100, 200, 200, 300]);
    expect(deriveStatus({ ...c, status: 200 }, 500)).toBe(100);
    expect(deriveStatus({ ...c, status: -200 }, 1500)).toBe(-200);
    expect(deriveStatus({ ...c, status: -100 }, 1500)).toBe(-100);
    expect(deriveStatus({ ...c, status: 300 }, 1500)).toBe(300);
  });

  it('shows the derived status without the job, and the job stores it idempotently', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const start = NOW + 2 * DAY;
    const course = await ctx.courses.book({
      studentId: s,
      slotId: await createSlot(ctx.db, ctx.teacher, { start_at: start }),
      payType: 'coin',
    });
    ctx.clock.set(start + MINUTE);
    expect((await ctx.courses.getCourseInfo(s, course.id)).status).toBe(200);
    expect(await ctx.classLifecycle.advanceStatuses()).toEqual({ started: 1, ended: 0 });
    expect(await ctx.classLifecycle.advanceStatuses()).toEqual({ started: 0, ended: 0 });
    ctx.clock.set(start + 25 * MINUTE);
    expect((await ctx.courses.getCourseInfo(s, course.id)).status).toBe(300);
    const runs = await Promise.all([
      ctx.classLifecycle.advanceStatuses(),
      ctx.classLifecycle.advanceStatuses(),
    ]);
    expect(runs.reduce((n, r) => n + r.ended, 0)).toBe(1);
    const row = await ctx.db
      .selectFrom('course')
      .select('status')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(300);
  });

  it('teacher no-show: abolished, refund (600) plus compensation (700) of the same amount, once', async () => {
    const ctx = await setup();
    const s = await student(ctx, PRICE);
    const course = await ctx.courses.book({
      studentId: s,
      slotId: await slot(ctx, 2 * DAY),
      payType: 'coin',
    });
    ctx.clock.set(NOW + 2 * DAY + 10 * MINUTE);
    expect(await ctx.classLifecycle.markTeacherNoShow(course.id)).toEqual({
      refunded_coins: 2 * PRICE,
      refunded_card_lessons: 0,
    });
    await expectRefusal(ctx.classLifecycle.markTeacherNoShow(course.id), CODES.CONFLICT, 'course.abolished');
    expect((await coinLogsOf(ctx.db, s)).map((l) => [l.type, l.amount])).toEqual([
      [300, PRICE],
      [500, -PRICE],
      [600, PRICE],
      [700, PRICE],
    ]);
    const info = await ctx.courses.getCourseInfo(s, course.id);
    expect(info).toMatchObject({ status: -100, playback: { state: 'none' }, reviewable: false });
    await expectLedgersWhole(ctx.db);
  });

  it('teacher no-show of a card-paid class: card log 3 plus 7 (one lesson back and one more)', async () => {
    const ctx = await setup();
    const s = await student(ctx, 0);
    const card = await giveCard(ctx.db, ctx.wallet, s, {
      type: 100,
      teacherId: ctx.teacher,
      lessons: 1,
      expiresAt: NOW + 30 * DAY,
    });
    const course = await ctx.courses.book({
      studentId: s,
      slotId: await slot(ctx, 2 * DAY),
      payType: 'card',
    });
    expect(await ctx.classLifecycle.markTeacherNoShow(course.id)).toEqual({
      refunded_coins: 0,
      refunded_card_lessons: 2,
    });
    expect((await cardLogsOf(ctx.db, card)).map((l) => [l.type, l.amount, l.lessons_after])).toEqual([
      [1, 1, 1],
      [2, -1, 0],
      [3, 1, 1],
      [7, 1, 2],
    ]);
    await expectLedgersWhole(ctx.db);
  });

  it('a cancelled class cannot be abolished (no second refund)', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const course = await ctx.courses.book({
      studentId: s,
      slotId: await slot(ctx, 2 * DAY),
      payType: 'coin',
    });
    await ctx.courses.cancel({ studentId: s, courseId: course.id, reason: 'other' });
    await expectRefusal(
      ctx.classLifecycle.markTeacherNoShow(course.id),
      CODES.CONFLICT,
      'course.alreadyCancelled',
    );
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: 1000 });
    await expectLedgersWhole(ctx.db);
  });

  it('student absent: over with attended = false, no playback, no review; not before the start', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const start = NOW + 2 * DAY;
    const course = await ctx.courses.book({
      studentId: s,
      slotId: await createSlot(ctx.db, ctx.teacher, { start_at: start }),
      payType: 'coin',
    });
    await expectRefusal(
      ctx.classLifecycle.markStudentAbsent(course.id),
      CODES.UNPROCESSABLE,
      'course.notStarted',
    );
    ctx.clock.set(start + 30 * MINUTE);
    await ctx.classLifecycle.markStudentAbsent(course.id);
    await ctx.classLifecycle.markStudentAbsent(course.id);
    expect(await ctx.classLifecycle.recordPlayback(course.id, 'https://example.test/rec.mp4')).toBe(false);
    const info = await ctx.courses.getCourseInfo(s, course.id);
    expect(info).toMatchObject({
      status: 300,
      attended: false,
      playback: { state: 'missed', url: null },
      reviewable: false,
    });
    await expectRefusal(
      ctx.classReviews.addCourseReview(s, { id: course.id, rating: 5, tags: [], content: '' }),
      CODES.UNPROCESSABLE,
      'course.reviewMissed',
    );
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: 1000 - PRICE });
  });

  it('playback: none before the end, pending, ready once delivered, expired after end + 30 days', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const start = NOW + 2 * DAY;
    const end = start + 25 * MINUTE;
    const course = await ctx.courses.book({
      studentId: s,
      slotId: await createSlot(ctx.db, ctx.teacher, { start_at: start }),
      payType: 'coin',
    });
    const playback = async () => (await ctx.courses.getCourseInfo(s, course.id)).playback;
    expect(await playback()).toEqual({ state: 'none', url: null, expires_at: null });
    ctx.clock.set(end);
    const expiresAt = new Date(end + 30 * DAY).toISOString();
    expect(await playback()).toEqual({ state: 'pending', url: null, expires_at: expiresAt });
    ctx.clock.set(end + HOUR);
    expect(await ctx.classLifecycle.recordPlayback(course.id, 'https://example.test/rec.mp4')).toBe(true);
    expect(await playback()).toEqual({
      state: 'ready',
      url: 'https://example.test/rec.mp4',
      expires_at: expiresAt,
    });
    ctx.clock.set(end + 30 * DAY);
    expect(await playback()).toEqual({ state: 'expired', url: null, expires_at: expiresAt });
    expect(
      playbackOf(
        { status: -200, start_at: start, end_at: end, attended: null, playback_url: null },
        end + DAY,
      ).state,
    ).toBe('none');
  });

  it('the classroom link shows from 10 minutes before the start until the end', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const start = NOW + 2 * DAY;
    const course = await ctx.courses.book({
      studentId: s,
      slotId: await createSlot(ctx.db, ctx.teacher, { start_at: start }),
      payType: 'coin',
    });
    await ctx.db
      .updateTable('course')
      .set({ classroom_url: '/classroom/1' })
      .where('id', '=', course.id)
      .execute();
    const link = async (at: number) => {
      ctx.clock.set(at);
      return (await ctx.courses.getCourseInfo(s, course.id)).classroom_url;
    };
    expect(await link(start - 11 * MINUTE)).toBeNull();
    expect(await link(start - 10 * MINUTE)).toBe('/classroom/1');
    expect(await link(start + 24 * MINUTE)).toBe('/classroom/1');
    expect(await link(start + 25 * MINUTE)).toBeNull();
  });
});
