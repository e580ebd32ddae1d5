import { describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import { withTransaction } from '../src/db/transaction.ts';
import { isAppError } from '../src/http/app-error.ts';
import { NOW, PRICE, setup, type Ctx, student, slot, courseCount } from './helpers/classes.ts';
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
  slotState,
} from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';

/**
 * Booking a class at service level (DESIGN.md §7 "Booking"): with coins, with a lesson card, the
 * refusals (each leaves no trace) and the Idempotency-Key, on a real database with a test clock.
 */

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
