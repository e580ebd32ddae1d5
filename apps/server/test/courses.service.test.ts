import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CODES } from '@app/contract/codes';
import { withTransaction } from '../src/db/transaction.ts';
import { isAppError } from '../src/http/app-error.ts';
import { deriveStatus, playbackOf } from '../src/modules/courses/booking.rules.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import {
  DAY,
  HOUR,
  MINUTE,
  cardLogsOf,
  coinLogsOf,
  createStudent,
  expectLedgersWhole,
  expectRefusal,
  giveCard,
  giveCoins,
  ledgerViolations,
  servicesAt,
  slotState,
} from './helpers/courses.ts';

const NOW = Date.UTC(2026, 10, 16, 2, 0);
const PRICE = 100;

async function setup(minNoticeMinutes = 60) {
  const ctx = await servicesAt(NOW, minNoticeMinutes);
  const teacher = await createTeacher(ctx.db, { price_coins: PRICE });
  return { ...ctx, teacher };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

/** A student with `coins` coins. */
async function student(ctx: Ctx, coins = 1000): Promise<number> {
  const id = await createStudent(ctx.db);
  if (coins > 0) await giveCoins(ctx.db, ctx.wallet, id, coins);
  return id;
}

function slot(ctx: Ctx, startIn: number, options: { teacher?: number; minutes?: number } = {}) {
  return createSlot(ctx.db, options.teacher ?? ctx.teacher, {
    start_at: NOW + startIn,
    minutes: options.minutes ?? 25,
  });
}

async function courseCount(ctx: Ctx): Promise<number> {
  const row = await ctx.db
    .selectFrom('course')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('booking with coins', () => {
  it('takes the slot, debits the teacher’s price (log 500) and creates a class not yet started', async () => {
    const ctx = await setup();
    const s = await student(ctx, 250);
    const slotId = await slot(ctx, 2 * DAY);
    const course = await ctx.courses.book({ studentId: s, slotId, payType: 'coin' });
    expect(course).toMatchObject({
      teacher: { id: ctx.teacher },
      slot_id: slotId,
      status: 100,
      pay_type: 'coin',
      price_coins: PRICE,
      card_id: null,
      minutes: 25,
      start: new Date(NOW + 2 * DAY).toISOString(),
    });
    expect(await slotState(ctx.db, slotId)).toBe('booked');
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: 150 });
    expect((await coinLogsOf(ctx.db, s)).at(-1)).toEqual({
      type: 500,
      amount: -PRICE,
      balance_after: 150,
      course_id: course.id,
    });
    await expectLedgersWhole(ctx.db);
  });

  it('exactly one of 50 concurrent bookings of one slot wins: one class, one debit', async () => {
    const ctx = await setup();
    const students = await Promise.all(Array.from({ length: 50 }, () => student(ctx, PRICE)));
    const slotId = await slot(ctx, 2 * DAY);
    const results = await Promise.allSettled(
      students.map((s) => ctx.courses.book({ studentId: s, slotId, payType: 'coin' })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    for (const r of lost) {
      const reason: unknown = r.reason;
      expect(isAppError(reason) && [reason.code, reason.messageKey]).toEqual([
        CODES.CONFLICT,
        'booking.slotTaken',
      ]);
    }
    expect(await courseCount(ctx)).toBe(1);
    const debits = await ctx.db.selectFrom('coin_log').select('student_id').where('type', '=', 500).execute();
    expect(debits).toHaveLength(1);
    await expectLedgersWhole(ctx.db);
  });

  it('a student who can afford one lesson and books two slots at once gets one; the balance stays ≥ 0', async () => {
    const ctx = await setup();
    const s = await student(ctx, PRICE);
    const other = await createTeacher(ctx.db, { price_coins: PRICE });
    const slots = [await slot(ctx, 2 * DAY), await slot(ctx, 3 * DAY, { teacher: other })];
    const results = await Promise.allSettled(
      slots.map((slotId) => ctx.courses.book({ studentId: s, slotId, payType: 'coin' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusal = results.find((r) => r.status === 'rejected')!.reason as unknown;
    expect(isAppError(refusal) && refusal.messageKey).toBe('booking.notEnoughCoins');
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: 0 });
    expect(await courseCount(ctx)).toBe(1);
    await expectLedgersWhole(ctx.db);
  });

  it('a student booking ten overlapping slots at once gets one of them', async () => {
    const ctx = await setup();
    const s = await student(ctx, 10 * PRICE);
    const teachers = await Promise.all(
      Array.from({ length: 10 }, () => createTeacher(ctx.db, { price_coins: PRICE })),
    );
    const slots = await Promise.all(
      teachers.map((teacher, i) => slot(ctx, 2 * DAY + i * MINUTE, { teacher })),
    );
    const results = await Promise.allSettled(
      slots.map((slotId) => ctx.courses.book({ studentId: s, slotId, payType: 'coin' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: 9 * PRICE });
    await expectLedgersWhole(ctx.db);
  });
});

describe('booking refusals (each leaves no trace)', () => {
  async function expectNoTrace(ctx: Ctx, s: number, coins: number, slotId?: number) {
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins });
    if (slotId !== undefined) {
      const classes = await ctx.db.selectFrom('course').select('id').where('slot_id', '=', slotId).execute();
      expect(classes).toEqual([]);
    }
    await expectLedgersWhole(ctx.db);
  }

  it('a slot that does not exist, or whose teacher left, is a 404', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    await expectRefusal(
      ctx.courses.book({ studentId: s, slotId: 999_999, payType: 'coin' }),
      CODES.NOT_FOUND,
      'booking.slotNotFound',
    );
    const gone = await createTeacher(ctx.db, { active: false });
    const slotId = await slot(ctx, 2 * DAY, { teacher: gone });
    await expectRefusal(
      ctx.courses.book({ studentId: s, slotId, payType: 'coin' }),
      CODES.NOT_FOUND,
      'booking.slotNotFound',
    );
    await expectNoTrace(ctx, s, 1000, slotId);
  });

  it('a taken or closed slot is a 409', async () => {
    const ctx = await setup();
    const [a, b] = [await student(ctx), await student(ctx)];
    const slotId = await slot(ctx, 2 * DAY);
    await ctx.courses.book({ studentId: a, slotId, payType: 'coin' });
    await expectRefusal(
      ctx.courses.book({ studentId: b, slotId, payType: 'coin' }),
      CODES.CONFLICT,
      'booking.slotTaken',
    );
    const closed = await createSlot(ctx.db, ctx.teacher, { start_at: NOW + 3 * DAY, state: 'closed' });
    await expectRefusal(
      ctx.courses.book({ studentId: b, slotId: closed, payType: 'coin' }),
      CODES.CONFLICT,
      'booking.slotTaken',
    );
    await expectNoTrace(ctx, b, 1000, closed);
  });

  it('refuses a slot sooner than the minimum notice (saying how many minutes) and one past the start', async () => {
    const ctx = await setup(90);
    const s = await student(ctx);
    const soon = await slot(ctx, 89 * MINUTE);
    const params = await expectRefusal(
      ctx.courses.book({ studentId: s, slotId: soon, payType: 'coin' }),
      CODES.UNPROCESSABLE,
      'booking.tooSoon',
    );
    expect(params).toEqual({ minutes: 90 });
    const ok = await slot(ctx, 90 * MINUTE);
    await ctx.courses.book({ studentId: s, slotId: ok, payType: 'coin' });
    const past = await slot(ctx, -HOUR);
    await expectRefusal(
      ctx.courses.book({ studentId: s, slotId: past, payType: 'coin' }),
      CODES.UNPROCESSABLE,
      'booking.slotPassed',
    );
    await expectNoTrace(ctx, s, 1000 - PRICE, soon);
  });

  it('refuses a slot more than 14 days ahead', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const far = await slot(ctx, 14 * DAY + MINUTE);
    const params = await expectRefusal(
      ctx.courses.book({ studentId: s, slotId: far, payType: 'coin' }),
      CODES.UNPROCESSABLE,
      'booking.tooFarAhead',
    );
    expect(params).toEqual({ days: 14 });
    await ctx.courses.book({ studentId: s, slotId: await slot(ctx, 14 * DAY), payType: 'coin' });
    await expectNoTrace(ctx, s, 1000 - PRICE, far);
  });

  it('refuses a class overlapping one the student holds (another teacher, same time)', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    await ctx.courses.book({
      studentId: s,
      slotId: await slot(ctx, 2 * DAY, { minutes: 50 }),
      payType: 'coin',
    });
    const other = await createTeacher(ctx.db, { price_coins: PRICE });
    const overlapping = await slot(ctx, 2 * DAY + 25 * MINUTE, { teacher: other });
    await expectRefusal(
      ctx.courses.book({ studentId: s, slotId: overlapping, payType: 'coin' }),
      CODES.UNPROCESSABLE,
      'booking.overlap',
    );
    // Back to back is not an overlap.
    await ctx.courses.book({
      studentId: s,
      slotId: await slot(ctx, 2 * DAY + 50 * MINUTE, { teacher: other }),
      payType: 'coin',
    });
    await expectNoTrace(ctx, s, 1000 - 2 * PRICE, overlapping);
  });

  it('refuses a 21st upcoming class', async () => {
    const ctx = await setup();
    const s = await student(ctx, 21 * PRICE);
    for (let i = 0; i < 20; i++) {
      await ctx.courses.book({ studentId: s, slotId: await slot(ctx, DAY + i * HOUR), payType: 'coin' });
    }
    const extra = await slot(ctx, 3 * DAY);
    const params = await expectRefusal(
      ctx.courses.book({ studentId: s, slotId: extra, payType: 'coin' }),
      CODES.UNPROCESSABLE,
      'booking.tooManyUpcoming',
    );
    expect(params).toEqual({ max: 20 });
    await expectNoTrace(ctx, s, PRICE, extra);
  });

  it('refuses when the coins do not cover the price, saying the balance and the price', async () => {
    const ctx = await setup();
    const s = await student(ctx, PRICE - 1);
    const slotId = await slot(ctx, 2 * DAY);
    const params = await expectRefusal(
      ctx.courses.book({ studentId: s, slotId, payType: 'coin' }),
      CODES.UNPROCESSABLE,
      'booking.notEnoughCoins',
    );
    expect(params).toEqual({ balance: PRICE - 1, price: PRICE });
    expect(await slotState(ctx.db, slotId)).toBe('free');
    await expectNoTrace(ctx, s, PRICE - 1, slotId);
  });

  it('a teacher who refuses frequent late cancellers refuses 3 late cancellations in 30 days, and says why', async () => {
    const ctx = await setup();
    const s = await student(ctx, 10 * PRICE);
    const strict = await createTeacher(ctx.db, { refuses_frequent_cancellers: true, price_coins: PRICE });
    const lateCancel = async (startIn: number) => {
      const c = await ctx.courses.book({ studentId: s, slotId: await slot(ctx, startIn), payType: 'coin' });
      ctx.clock.set(NOW + startIn - HOUR);
      const result = await ctx.courses.cancel({ studentId: s, courseId: c.id, reason: 'personal' });
      expect(result.late_cancel).toBe(true);
      ctx.clock.set(NOW);
    };
    await lateCancel(2 * DAY);
    await lateCancel(3 * DAY);
    ctx.clock.set(NOW);
    // Two late cancellations are allowed.
    const first = await ctx.courses.book({
      studentId: s,
      slotId: await slot(ctx, 5 * DAY, { teacher: strict }),
      payType: 'coin',
    });
    await ctx.courses.cancel({ studentId: s, courseId: first.id, reason: 'personal' });
    await lateCancel(4 * DAY);
    const strictSlot = await slot(ctx, 6 * DAY, { teacher: strict });
    const params = await expectRefusal(
      ctx.courses.book({ studentId: s, slotId: strictSlot, payType: 'coin' }),
      CODES.UNPROCESSABLE,
      'booking.lateCancellerRefused',
    );
    expect(params).toEqual({ count: 3, limit: 3, days: 30 });
    // Teachers without the flag still accept the student.
    await ctx.courses.book({ studentId: s, slotId: await slot(ctx, 6 * DAY), payType: 'coin' });
    // 30 days after the first late cancellation it no longer counts.
    ctx.clock.set(NOW + 2 * DAY - HOUR + 30 * DAY + MINUTE);
    const later = await createSlot(ctx.db, strict, { start_at: ctx.clock.now() + DAY });
    await ctx.courses.book({ studentId: s, slotId: later, payType: 'coin' });
    await expectLedgersWhole(ctx.db);
  });
});

describe('booking with a lesson card', () => {
  it('without card_id, pays with the usable card that expires first (log 2)', async () => {
    const ctx = await setup();
    const s = await student(ctx, 0);
    const later = await giveCard(ctx.db, ctx.wallet, s, {
      type: 100,
      teacherId: ctx.teacher,
      expiresAt: NOW + 60 * DAY,
    });
    const sooner = await giveCard(ctx.db, ctx.wallet, s, {
      type: 100,
      teacherId: ctx.teacher,
      expiresAt: NOW + 20 * DAY,
    });
    await giveCard(ctx.db, ctx.wallet, s, { type: 100, teacherId: ctx.teacher, expiresAt: NOW - DAY });
    const course = await ctx.courses.book({
      studentId: s,
      slotId: await slot(ctx, 2 * DAY),
      payType: 'card',
    });
    expect(course).toMatchObject({ pay_type: 'card', card_id: sooner, card_type: 100, price_coins: 0 });
    expect((await cardLogsOf(ctx.db, sooner)).at(-1)).toEqual({
      type: 2,
      amount: -1,
      lessons_after: 9,
      course_id: course.id,
    });
    expect(await cardLogsOf(ctx.db, later)).toHaveLength(1);
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: 0 });
    await expectLedgersWhole(ctx.db);
  });

  it('a Filipino-teacher card pays for PH teachers only; an exclusive card only for its own teacher', async () => {
    const ctx = await setup();
    const s = await student(ctx, 0);
    const ph = await createTeacher(ctx.db, { nationality: 'PH' });
    const filipinoCard = await giveCard(ctx.db, ctx.wallet, s, { type: 200, expiresAt: NOW + 30 * DAY });
    const exclusiveOfPh = await giveCard(ctx.db, ctx.wallet, s, {
      type: 100,
      teacherId: ph,
      expiresAt: NOW + 30 * DAY,
    });
    // The USA teacher accepts neither card.
    await expectRefusal(
      ctx.courses.book({ studentId: s, slotId: await slot(ctx, 2 * DAY), payType: 'card' }),
      CODES.UNPROCESSABLE,
      'booking.noUsableCard',
    );
    await expectRefusal(
      ctx.courses.book({
        studentId: s,
        slotId: await slot(ctx, 3 * DAY),
        payType: 'card',
        cardId: filipinoCard,
      }),
      CODES.UNPROCESSABLE,
      'booking.cardNotAccepted',
    );
    await expectRefusal(
      ctx.courses.book({
        studentId: s,
        slotId: await slot(ctx, 4 * DAY),
        payType: 'card',
        cardId: exclusiveOfPh,
      }),
      CODES.UNPROCESSABLE,
      'booking.cardNotAccepted',
    );
    // The PH teacher accepts both.
    const a = await ctx.courses.book({
      studentId: s,
      slotId: await slot(ctx, 2 * DAY, { teacher: ph }),
      payType: 'card',
      cardId: filipinoCard,
    });
    const b = await ctx.courses.book({
      studentId: s,
      slotId: await slot(ctx, 3 * DAY, { teacher: ph }),
      payType: 'card',
      cardId: exclusiveOfPh,
    });
    expect([a.card_type, b.card_type]).toEqual([200, 100]);
    await expectLedgersWhole(ctx.db);
  });

  it('refuses an expired card, an empty card, and another student’s card (404)', async () => {
    const ctx = await setup();
    const s = await student(ctx, 0);
    const expired = await giveCard(ctx.db, ctx.wallet, s, {
      type: 100,
      teacherId: ctx.teacher,
      expiresAt: NOW,
    });
    const empty = await giveCard(ctx.db, ctx.wallet, s, {
      type: 100,
      teacherId: ctx.teacher,
      lessons: 1,
      expiresAt: NOW + DAY * 30,
    });
    await withTransaction(ctx.db, (trx) =>
      ctx.wallet.deductCardLessons(trx, { studentId: s, cardId: empty, amount: 1 }),
    );
    const foreign = await giveCard(ctx.db, ctx.wallet, await createStudent(ctx.db), {
      type: 100,
      teacherId: ctx.teacher,
      expiresAt: NOW + 30 * DAY,
    });
    const slotId = await slot(ctx, 2 * DAY);
    const book = (cardId?: number) =>
      ctx.courses.book({ studentId: s, slotId, payType: 'card', ...(cardId ? { cardId } : {}) });
    await expectRefusal(book(expired), CODES.UNPROCESSABLE, 'booking.cardExpired');
    await expectRefusal(book(empty), CODES.UNPROCESSABLE, 'booking.cardEmpty');
    await expectRefusal(book(foreign), CODES.NOT_FOUND, 'wallet.cardNotFound');
    await expectRefusal(book(), CODES.UNPROCESSABLE, 'booking.noUsableCard');
    expect(await slotState(ctx.db, slotId)).toBe('free');
    expect(await courseCount(ctx)).toBe(0);
    await expectLedgersWhole(ctx.db);
  });

  it('a card with one lesson left pays for exactly one of two concurrent bookings', async () => {
    const ctx = await setup();
    const s = await student(ctx, 0);
    const card = await giveCard(ctx.db, ctx.wallet, s, {
      type: 100,
      teacherId: ctx.teacher,
      lessons: 1,
      expiresAt: NOW + 30 * DAY,
    });
    const slots = [await slot(ctx, 2 * DAY), await slot(ctx, 3 * DAY)];
    const results = await Promise.allSettled(
      slots.map((slotId) => ctx.courses.book({ studentId: s, slotId, payType: 'card', cardId: card })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await ctx.wallet.getCardList(s))[0]!.lessons_left).toBe(0);
    await expectLedgersWhole(ctx.db);
  });
});

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

describe('ownership', () => {
  it('another student’s class is a 404 everywhere, and their report too', async () => {
    const ctx = await setup();
    const owner = await student(ctx);
    const intruder = await student(ctx);
    const course = await ctx.courses.book({
      studentId: owner,
      slotId: await slot(ctx, 2 * DAY),
      payType: 'coin',
    });
    await expectRefusal(ctx.courses.getCourseInfo(intruder, course.id), CODES.NOT_FOUND, 'course.notFound');
    await expectRefusal(
      ctx.courses.cancel({ studentId: intruder, courseId: course.id, reason: 'other' }),
      CODES.NOT_FOUND,
      'course.notFound',
    );
    ctx.clock.set(NOW + 3 * DAY);
    await expectRefusal(
      ctx.classReviews.addCourseReview(intruder, { id: course.id, rating: 1, tags: [], content: '' }),
      CODES.NOT_FOUND,
      'course.notFound',
    );
    const reportId = (await ctx.classReviews.recordTeacherReport(course.id, {
      scores: { grammar: 4 },
      comment: 'c',
      homework: 'h',
    }))!;
    await expectRefusal(
      ctx.classReviews.getFeedbackInfo(intruder, { ec_id: course.id, id: reportId }),
      CODES.NOT_FOUND,
      'course.feedbackNotFound',
    );
    expect(
      (await ctx.courses.getCourseList(intruder, { scope: 'finished', current: 1, size: 10 })).total,
    ).toBe(0);
    expect((await ctx.classReviews.getFeedbackList(intruder, { current: 1, size: 10 })).total).toBe(0);
    expect(await ctx.wallet.getCoinBalance(owner)).toEqual({ coins: 1000 - PRICE });
  });
});

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

describe('reviews', () => {
  async function heldClass(ctx: Ctx, startIn = 2 * DAY) {
    const s = await createStudent(ctx.db, { nick: '小明同学' });
    await giveCoins(ctx.db, ctx.wallet, s, PRICE);
    const start = NOW + startIn;
    const course = await ctx.courses.book({
      studentId: s,
      slotId: await createSlot(ctx.db, ctx.teacher, { start_at: start }),
      payType: 'coin',
    });
    return { s, course, end: start + 25 * MINUTE };
  }

  it('once per finished class, within 7 days of the end, and it appears on the teacher’s profile', async () => {
    const ctx = await setup();
    const { s, course, end } = await heldClass(ctx);
    const body = {
      id: course.id,
      rating: 5,
      tags: ['patient' as const, 'fun' as const],
      content: 'Lovely lesson',
    };
    ctx.clock.set(end - MINUTE);
    await expectRefusal(
      ctx.classReviews.addCourseReview(s, body),
      CODES.UNPROCESSABLE,
      'course.reviewNotFinished',
    );
    ctx.clock.set(end + 7 * DAY);
    expect((await ctx.courses.getCourseInfo(s, course.id)).reviewable).toBe(true);
    expect(await ctx.classReviews.addCourseReview(s, body)).toEqual({ id: course.id });
    await expectRefusal(ctx.classReviews.addCourseReview(s, body), CODES.CONFLICT, 'course.alreadyReviewed');
    const info = await ctx.courses.getCourseInfo(s, course.id);
    expect(info).toMatchObject({
      reviewable: false,
      review: { rating: 5, tags: ['patient', 'fun'], content: 'Lovely lesson' },
    });
    const onProfile = await ctx.db
      .selectFrom('teacher_review')
      .selectAll()
      .where('teacher_id', '=', ctx.teacher)
      .execute();
    expect(onProfile).toHaveLength(1);
    expect(onProfile[0]).toMatchObject({ student_id: s, student_nick: '小明同学', rating: 5 });
  });

  it('concurrent reviews of one class store one', async () => {
    const ctx = await setup();
    const { s, course, end } = await heldClass(ctx);
    ctx.clock.set(end + HOUR);
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((rating) =>
        ctx.classReviews.addCourseReview(s, { id: course.id, rating, tags: [], content: '' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const stored = await ctx.db
      .selectFrom('teacher_review')
      .select('id')
      .where('teacher_id', '=', ctx.teacher)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('closes 7 days after the end and refuses cancelled classes', async () => {
    const ctx = await setup();
    const { s, course, end } = await heldClass(ctx);
    ctx.clock.set(end + 7 * DAY + 1);
    const params = await expectRefusal(
      ctx.classReviews.addCourseReview(s, { id: course.id, rating: 4, tags: [], content: '' }),
      CODES.UNPROCESSABLE,
      'course.reviewWindowClosed',
    );
    expect(params).toEqual({ days: 7 });
    ctx.clock.set(NOW);
    const other = await heldClass(ctx, 3 * DAY);
    await ctx.courses.cancel({ studentId: other.s, courseId: other.course.id, reason: 'other' });
    ctx.clock.set(other.end + HOUR);
    await expectRefusal(
      ctx.classReviews.addCourseReview(other.s, { id: other.course.id, rating: 4, tags: [], content: '' }),
      CODES.UNPROCESSABLE,
      'course.reviewNotHeld',
    );
  });
});

describe('timetable, lists and teachers’ reports', () => {
  it('recent = not started or in class (soonest first); finished = over, cancelled or abolished (latest first)', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const book = async (startIn: number) =>
      (await ctx.courses.book({ studentId: s, slotId: await slot(ctx, startIn), payType: 'coin' })).id;
    const a = await book(2 * DAY);
    const b = await book(3 * DAY);
    const c = await book(4 * DAY);
    const d = await book(5 * DAY);
    await ctx.courses.cancel({ studentId: s, courseId: d, reason: 'other' });
    await ctx.classLifecycle.markTeacherNoShow(c);
    ctx.clock.set(NOW + 3 * DAY + MINUTE); // a is over, b is in class (no job has run)
    const recent = await ctx.courses.getCourseList(s, { scope: 'recent', current: 1, size: 10 });
    expect(recent.records.map((r) => [r.id, r.status])).toEqual([[b, 200]]);
    const finished = await ctx.courses.getCourseList(s, { scope: 'finished', current: 1, size: 10 });
    expect(finished.records.map((r) => [r.id, r.status])).toEqual([
      [d, -200],
      [c, -100],
      [a, 300],
    ]);
    const page2 = await ctx.courses.getCourseList(s, { scope: 'finished', current: 2, size: 2 });
    expect(page2).toMatchObject({ total: 3, current: 2, size: 2 });
    expect(page2.records.map((r) => r.id)).toEqual([a]);
    const week = await ctx.courses.getTimetable(s, {
      from: new Date(NOW).toISOString(),
      to: new Date(NOW + 7 * DAY).toISOString(),
    });
    // Cancelled classes leave the timetable; abolished ones stay, marked.
    expect(week.records.map((r) => [r.id, r.status])).toEqual([
      [a, 300],
      [b, 200],
      [c, -100],
    ]);
    const narrow = await ctx.courses.getTimetable(s, {
      from: new Date(NOW + 2 * DAY).toISOString(),
      to: new Date(NOW + 3 * DAY).toISOString(),
    });
    expect(narrow.records.map((r) => r.id)).toEqual([a]);
  });

  it('lists teachers’ reports newest first and marks one read when opened', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const c1 = await ctx.courses.book({ studentId: s, slotId: await slot(ctx, 2 * DAY), payType: 'coin' });
    const c2 = await ctx.courses.book({ studentId: s, slotId: await slot(ctx, 3 * DAY), payType: 'coin' });
    ctx.clock.set(NOW + 2 * DAY + HOUR);
    const r1 = (await ctx.classReviews.recordTeacherReport(c1.id, {
      scores: { fluency: 4 },
      comment: 'Good',
      homework: 'Read',
    }))!;
    expect(
      await ctx.classReviews.recordTeacherReport(c1.id, { scores: {}, comment: 'again', homework: '' }),
    ).toBeUndefined();
    ctx.clock.set(NOW + 3 * DAY + HOUR);
    const r2 = (await ctx.classReviews.recordTeacherReport(c2.id, {
      scores: { grammar: 5 },
      comment: 'Great',
      homework: 'Write',
    }))!;
    const list = await ctx.classReviews.getFeedbackList(s, { current: 1, size: 10 });
    expect(list.records.map((r) => [r.id, r.course_id, r.read])).toEqual([
      [r2, c2.id, false],
      [r1, c1.id, false],
    ]);
    const info = await ctx.classReviews.getFeedbackInfo(s, { ec_id: c1.id, id: r1 });
    expect(info).toMatchObject({
      id: r1,
      scores: { fluency: 4 },
      comment: 'Good',
      homework: 'Read',
      read: true,
    });
    await expectRefusal(
      ctx.classReviews.getFeedbackInfo(s, { ec_id: c2.id, id: r1 }),
      CODES.NOT_FOUND,
      'course.feedbackNotFound',
    );
    expect((await ctx.classReviews.getFeedbackList(s, { current: 1, size: 10 })).records[1]!.read).toBe(true);
    expect((await ctx.courses.getCourseInfo(s, c2.id)).report).toMatchObject({ id: r2, read: false });
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body return the same reply and debit once', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const slotId = await slot(ctx, 2 * DAY);
    const input = { studentId: s, slotId, payType: 'coin' as const, idempotencyKey: 'confirm-1' };
    const first = await ctx.courses.book(input);
    const second = await ctx.courses.book(input);
    expect(second).toEqual(first);
    expect(await courseCount(ctx)).toBe(1);
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: 1000 - PRICE });
  });

  it('the same key with another body is a 409; keys are scoped to the student', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const other = await student(ctx);
    await ctx.courses.book({
      studentId: s,
      slotId: await slot(ctx, 2 * DAY),
      payType: 'coin',
      idempotencyKey: 'k',
    });
    await expectRefusal(
      ctx.courses.book({
        studentId: s,
        slotId: await slot(ctx, 3 * DAY),
        payType: 'coin',
        idempotencyKey: 'k',
      }),
      CODES.CONFLICT,
      'idempotency.keyReused',
    );
    const theirs = await ctx.courses.book({
      studentId: other,
      slotId: await slot(ctx, 4 * DAY),
      payType: 'coin',
      idempotencyKey: 'k',
    });
    expect(theirs.status).toBe(100);
    expect(await courseCount(ctx)).toBe(2);
  });

  it('replays a business refusal for the same key, even after the cause went away', async () => {
    const ctx = await setup();
    const s = await student(ctx, PRICE - 1);
    const slotId = await slot(ctx, 2 * DAY);
    const input = { studentId: s, slotId, payType: 'coin' as const, idempotencyKey: 'poor' };
    await expectRefusal(ctx.courses.book(input), CODES.UNPROCESSABLE, 'booking.notEnoughCoins');
    await giveCoins(ctx.db, ctx.wallet, s, 10);
    const params = await expectRefusal(
      ctx.courses.book(input),
      CODES.UNPROCESSABLE,
      'booking.notEnoughCoins',
    );
    expect(params).toEqual({ balance: PRICE - 1, price: PRICE });
    // A new key (a new confirm dialog) books.
    await ctx.courses.book({ ...input, idempotencyKey: 'rich' });
  });

  it('is a 409 while the first request with the key is still running, and lets a dead one be taken over', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    await ctx.db
      .insertInto('idempotency_record')
      .values({
        student_id: s,
        scope: 'course.book',
        key: 'busy',
        request_hash: 'x',
        status: 'running',
        response: null,
        created_at: NOW,
      })
      .execute();
    const slotId = await slot(ctx, 2 * DAY);
    const input = {
      studentId: s,
      slotId,
      payType: 'coin' as const,
      idempotencyKey: 'busy',
      requestHash: 'x',
    };
    await expectRefusal(ctx.courses.book(input), CODES.CONFLICT, 'idempotency.inProgress');
    ctx.clock.advance(61_000);
    const course = await ctx.courses.book(input);
    expect(await ctx.courses.book(input)).toEqual(course);
  });

  it('concurrent requests with one key make one class', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const slotId = await slot(ctx, 2 * DAY);
    const input = { studentId: s, slotId, payType: 'coin' as const, idempotencyKey: 'double-click' };
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => ctx.courses.book(input)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results) {
      if (r.status === 'rejected') {
        const reason: unknown = r.reason;
        expect(isAppError(reason) && reason.messageKey).toBe('idempotency.inProgress');
      }
    }
    expect(await courseCount(ctx)).toBe(1);
    expect(await ctx.wallet.getCoinBalance(s)).toEqual({ coins: 1000 - PRICE });
  });

  it('refuses a key longer than 255 characters or with invisible characters (400), and forgets keys after 24 h', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const slotId = await slot(ctx, 2 * DAY);
    for (const key of ['x'.repeat(256), '', 'has space', 'ключ']) {
      await expectRefusal(
        ctx.courses.book({ studentId: s, slotId, payType: 'coin', idempotencyKey: key }),
        CODES.BAD_REQUEST,
        'idempotency.keyInvalid',
      );
    }
    await ctx.courses.book({ studentId: s, slotId, payType: 'coin', idempotencyKey: 'x'.repeat(255) });
    ctx.clock.advance(24 * HOUR);
    // After 24 h the key is new again: the same body is a new booking (refused: the slot is taken).
    await expectRefusal(
      ctx.courses.book({ studentId: s, slotId, payType: 'coin', idempotencyKey: 'x'.repeat(255) }),
      CODES.CONFLICT,
      'booking.slotTaken',
    );
  });
});

describe('model: random bookings, cancellations, lifecycle and no-shows keep every ledger whole', () => {
  it('holds the ledger invariants and the modelled balances after every step', async () => {
    const ctx = await setup();
    const ph = await createTeacher(ctx.db, { nationality: 'PH', price_coins: 70 });
    const teachers = [
      { id: ctx.teacher, price: PRICE },
      { id: ph, price: 70 },
    ];

    const command = fc.oneof(
      fc.record({ kind: fc.constant('book' as const), who: fc.nat(2), slot: fc.nat(7), card: fc.boolean() }),
      fc.record({ kind: fc.constant('cancel' as const), who: fc.nat(2), nth: fc.nat(5) }),
      fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: 1, max: 30 }) }),
      fc.record({ kind: fc.constant('advance' as const) }),
      fc.record({ kind: fc.constant('noShow' as const), nth: fc.nat(9) }),
      fc.record({ kind: fc.constant('absent' as const), nth: fc.nat(9) }),
    );

    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        run++;
        ctx.clock.set(NOW);
        const students = await Promise.all([0, 1, 2].map(() => createStudent(ctx.db)));
        const coins = new Map<number, number>();
        const cards = new Map<number, number>();
        for (const [i, s] of students.entries()) {
          const amount = [PRICE, 250, 1000][i]!;
          await giveCoins(ctx.db, ctx.wallet, s, amount);
          coins.set(s, amount);
          const card = await giveCard(ctx.db, ctx.wallet, s, {
            type: 200,
            lessons: 2,
            expiresAt: NOW + 5 * DAY,
          });
          cards.set(card, 2);
        }
        // Each run has slots of its own (a teacher has one slot per start): shifted by a minute per run.
        const starts = Array.from({ length: 8 }, (_, i) => NOW + 2 * HOUR + i * 5 * HOUR + run * MINUTE);
        const slots = await Promise.all(
          starts.map((start_at, i) => createSlot(ctx.db, teachers[i % 2]!.id, { start_at, minutes: 25 })),
        );
        const booked: { id: number; student: number; price: number; cardId: number | null; start: number }[] =
          [];
        const settled = new Set<number>();

        for (const cmd of commands) {
          if (cmd.kind === 'book') {
            const s = students[cmd.who]!;
            const slotIndex = cmd.slot;
            const teacher = teachers[slotIndex % 2]!;
            const payType = cmd.card && teacher.id === ph ? 'card' : 'coin';
            try {
              const c = await ctx.courses.book({ studentId: s, slotId: slots[slotIndex]!, payType });
              expect(c.price_coins).toBe(payType === 'coin' ? teacher.price : 0);
              booked.push({
                id: c.id,
                student: s,
                price: c.price_coins,
                cardId: c.card_id,
                start: starts[slotIndex]!,
              });
              if (c.card_id === null) coins.set(s, coins.get(s)! - c.price_coins);
              else cards.set(c.card_id, cards.get(c.card_id)! - 1);
            } catch (error) {
              if (!isAppError(error)) throw error;
            }
          } else if (cmd.kind === 'cancel') {
            const mine = booked.filter((b) => b.student === students[cmd.who]);
            const target = mine[cmd.nth % Math.max(1, mine.length)];
            if (!target) continue;
            try {
              const r = await ctx.courses.cancel({
                studentId: target.student,
                courseId: target.id,
                reason: 'other',
              });
              expect(settled.has(target.id)).toBe(false);
              // The 24-hour rule: the whole price (or the lesson) back, or nothing.
              const inTime = target.start - ctx.clock.now() >= 24 * HOUR;
              expect([r.late_cancel, r.refunded_coins, r.refunded_card_lessons]).toEqual([
                !inTime,
                inTime ? target.price : 0,
                inTime && target.cardId !== null ? 1 : 0,
              ]);
              settled.add(target.id);
              coins.set(target.student, coins.get(target.student)! + r.refunded_coins);
              if (target.cardId !== null)
                cards.set(target.cardId, cards.get(target.cardId)! + r.refunded_card_lessons);
            } catch (error) {
              if (!isAppError(error)) throw error;
            }
          } else if (cmd.kind === 'time') {
            ctx.clock.advance(cmd.hours * HOUR);
          } else if (cmd.kind === 'advance') {
            await ctx.classLifecycle.advanceStatuses();
          } else {
            const target = booked[cmd.nth % Math.max(1, booked.length)];
            if (!target) continue;
            try {
              if (cmd.kind === 'noShow') {
                const r = await ctx.classLifecycle.markTeacherNoShow(target.id);
                expect(settled.has(target.id)).toBe(false);
                expect([r.refunded_coins, r.refunded_card_lessons]).toEqual([
                  2 * target.price,
                  target.cardId === null ? 0 : 2,
                ]);
                settled.add(target.id);
                coins.set(target.student, coins.get(target.student)! + r.refunded_coins);
                if (target.cardId !== null)
                  cards.set(target.cardId, cards.get(target.cardId)! + r.refunded_card_lessons);
              } else {
                await ctx.classLifecycle.markStudentAbsent(target.id);
              }
            } catch (error) {
              if (!isAppError(error)) throw error;
            }
          }
          expect(await ledgerViolations(ctx.db)).toEqual([]);
          for (const s of students) expect((await ctx.wallet.getCoinBalance(s)).coins).toBe(coins.get(s));
          for (const [cardId, left] of cards) {
            const row = await ctx.db
              .selectFrom('lesson_card')
              .select('lessons_left')
              .where('id', '=', cardId)
              .executeTakeFirstOrThrow();
            expect(row.lessons_left).toBe(left);
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
