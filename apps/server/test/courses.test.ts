import { describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import type { CancelCourseResult, CourseInfo, CourseItem, Timetable } from '@app/contract/courses';
import type { Page } from '@app/contract/paging';
import { message, type MessageKey } from '@app/contract/messages';
import type { TeacherSchedule } from '@app/contract/teachers';
import { apiUrl, type ApiReply, type ApiRequest, type Lang } from '../../../test-support/http.ts';
import { createStudentSession, dataOf, type StudentSession } from '../../../test-support/students.ts';
import { transportOf } from './helpers/auth.ts';
import {
  DAY,
  HOUR,
  MINUTE,
  coinLogsOf,
  giveCard,
  giveCoins,
  ledgerViolations,
  manualClock,
  slotState,
  wholeMinute,
  type ManualClock,
} from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The /course API over HTTP with real sessions (SMS login through test-support/), on the app's
 * injected clock: concurrency decided by the database, the 24-hour rule to the second, every
 * refusal's status and message in both languages, ownership, Idempotency-Key, and the teacher
 * schedule's `mine`. The rules themselves are proven at service level (courses-booking, -cancelling, -lifecycle, -reviews, -lists and -model .test.ts).
 */

const PRICE = 100;
/** Slot starts are whole minutes, like the bookable window's bounds. */
const NOW = wholeMinute(Date.now());

type Ctx = { t: TestApp; clock: ManualClock; teacher: number };
type Student = StudentSession & { ip: string };

async function setup(): Promise<Ctx> {
  const clock = manualClock(NOW);
  const t = await createTestApp({ clock });
  const teacher = await createTeacher(t.db, { price_coins: PRICE });
  return { t, clock, teacher };
}

let ipCounter = 0;

/**
 * A student logged in by SMS with `coins` coins. Each student calls from an address of their own,
 * so the per-address SMS limit never decides a test that makes many of them.
 */
async function student(ctx: Ctx, coins = 10 * PRICE): Promise<Student> {
  ipCounter++;
  const ip = `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
  const session = await createStudentSession(transportOf(ctx.t), { ip });
  if (coins > 0) await giveCoins(ctx.t.db, ctx.t.app.wallet, session.studentId, coins);
  return { ...session, ip };
}

/** A fresh token after the clock moved past the last one's lifetime (the same phone, the same student). */
async function relogin(ctx: Ctx, s: Student): Promise<Student> {
  const session = await createStudentSession(transportOf(ctx.t), { mobile: s.mobile, ip: s.ip });
  return { ...session, ip: s.ip };
}

function slot(ctx: Ctx, startIn: number, teacher = ctx.teacher) {
  return createSlot(ctx.t.db, teacher, { start_at: NOW + startIn, minutes: 25 });
}

type CallOptions = { as?: Student; lang?: Lang; headers?: Record<string, string> };

function call(ctx: Ctx, method: ApiRequest['method'], path: string, body: unknown, o: CallOptions = {}) {
  return transportOf(ctx.t).request({
    method,
    url: apiUrl(path),
    ...(body === undefined ? {} : { body }),
    ...(o.as ? { token: o.as.token, ip: o.as.ip } : {}),
    ...(o.lang ? { lang: o.lang } : {}),
    ...(o.headers ? { headers: o.headers } : {}),
  });
}

const post = (ctx: Ctx, path: string, body: unknown, o?: CallOptions) => call(ctx, 'POST', path, body, o);
const get = (ctx: Ctx, path: string, o?: CallOptions) => call(ctx, 'GET', path, undefined, o);

async function book(ctx: Ctx, as: Student, slotId: number, extra: Record<string, unknown> = {}) {
  const reply = await post(
    ctx,
    '/course/bookCourse',
    { slot_id: slotId, pay_type: 'coin', ...extra },
    { as },
  );
  return dataOf<CourseItem>(reply, 'bookCourse');
}

/** The refusal's HTTP status, envelope code and message (in the language asked for). */
function refusalOf(reply: ApiReply) {
  return { status: reply.status, code: reply.envelope?.code, msg: reply.envelope?.msg };
}

function expected(code: number, key: MessageKey, lang: Lang, params: Record<string, number> = {}) {
  return { status: code, code, msg: message(key, lang, params) };
}

async function count(ctx: Ctx, table: 'course' | 'coin_log', where?: { type: number }): Promise<number> {
  let query = ctx.t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (where && table === 'coin_log') query = query.where('type', '=', where.type);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

async function balanceOf(ctx: Ctx, s: Student): Promise<number> {
  return dataOf<{ coins: number }>(await get(ctx, '/user/coins/getCoinBalance', { as: s }), 'balance').coins;
}

describe('booking over HTTP', () => {
  it('exactly one of 50 concurrent bookings of one slot wins: one class, one debit, 49 × 409', async () => {
    const ctx = await setup();
    const students = await Promise.all(Array.from({ length: 50 }, () => student(ctx, PRICE)));
    const slotId = await slot(ctx, 2 * DAY);
    const replies = await Promise.all(
      students.map((as) => post(ctx, '/course/bookCourse', { slot_id: slotId, pay_type: 'coin' }, { as })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = replies.filter((r) => r.status !== 200).map(refusalOf);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r).toEqual(expected(409, 'booking.slotTaken', 'en'));
    expect(await count(ctx, 'course')).toBe(1);
    expect(await count(ctx, 'coin_log', { type: 500 })).toBe(1);
    expect(await slotState(ctx.t.db, slotId)).toBe('booked');
    expect(await ledgerViolations(ctx.t.db)).toEqual([]);
  });

  it('a student who can afford one lesson books two slots at once: one success, the balance stays ≥ 0', async () => {
    const ctx = await setup();
    const s = await student(ctx, PRICE);
    const other = await createTeacher(ctx.t.db, { price_coins: PRICE });
    const slots = [await slot(ctx, 2 * DAY), await slot(ctx, 3 * DAY, other)];
    const replies = await Promise.all(
      slots.map((slotId) =>
        post(ctx, '/course/bookCourse', { slot_id: slotId, pay_type: 'coin' }, { as: s }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 422]);
    const refusal = replies.find((r) => r.status === 422)!;
    expect(refusalOf(refusal)).toEqual(
      expected(422, 'booking.notEnoughCoins', 'en', { balance: 0, price: PRICE }),
    );
    expect(await balanceOf(ctx, s)).toBe(0);
    expect(await count(ctx, 'course')).toBe(1);
    expect(await ledgerViolations(ctx.t.db)).toEqual([]);
  });

  it('books with coins and shows the class in the timetable, the recent list and its page', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const slotId = await slot(ctx, 2 * DAY);
    const course = await book(ctx, s, slotId);
    expect(course).toMatchObject({ slot_id: slotId, status: 100, pay_type: 'coin', price_coins: PRICE });
    expect(await balanceOf(ctx, s)).toBe(9 * PRICE);

    const from = new Date(NOW).toISOString();
    const to = new Date(NOW + 7 * DAY).toISOString();
    const timetable = dataOf<Timetable>(
      await get(ctx, `/course/getTimetable?from=${from}&to=${to}`, { as: s }),
      'timetable',
    );
    expect(timetable.records.map((c) => c.id)).toEqual([course.id]);
    const recent = dataOf<Page<CourseItem>>(await get(ctx, '/course/getCourseList', { as: s }), 'list');
    expect(recent).toMatchObject({ total: 1, current: 1, size: 10 });
    const finished = dataOf<Page<CourseItem>>(
      await get(ctx, '/course/getCourseList?scope=finished', { as: s }),
      'list',
    );
    expect(finished.total).toBe(0);
    const info = dataOf<CourseInfo>(
      await get(ctx, `/course/getCourseInfo?id=${course.id}`, { as: s }),
      'info',
    );
    expect(info).toMatchObject({ id: course.id, cancellable: true, cancel_refunds: true, reviewable: false });
  });

  it('pays with a lesson card, and the card list shows the lesson taken', async () => {
    const ctx = await setup();
    const s = await student(ctx, 0);
    const cardId = await giveCard(ctx.t.db, ctx.t.app.wallet, s.studentId, {
      type: 100,
      teacherId: ctx.teacher,
      lessons: 2,
      expiresAt: NOW + 30 * DAY,
    });
    const course = await book(ctx, s, await slot(ctx, 2 * DAY), { pay_type: 'card' });
    expect(course).toMatchObject({ pay_type: 'card', card_id: cardId, card_type: 100, price_coins: 0 });
    const cards = dataOf<{ id: number; lessons_left: number }[]>(
      await get(ctx, '/user/cards/getCardList', { as: s }),
      'cards',
    );
    expect(cards).toMatchObject([{ id: cardId, lessons_left: 1 }]);
  });

  it('rejects malformed bodies with a 400 naming the field', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const cases: unknown[] = [
      {},
      { slot_id: 'x', pay_type: 'coin' },
      { slot_id: 1, pay_type: 'cash' },
      { slot_id: 1, pay_type: 'coin', card_id: 3 },
      { slot_id: 2_147_483_648, pay_type: 'coin' },
    ];
    for (const body of cases) {
      const reply = await post(ctx, '/course/bookCourse', body, { as: s });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.envelope?.code).toBe(CODES.BAD_REQUEST);
    }
    const long = await post(
      ctx,
      '/course/cancelCourse',
      { id: 1, reason: 'personal', remark: 'x'.repeat(201) },
      { as: s },
    );
    expect(long.status).toBe(400);
    const range = await get(
      ctx,
      `/course/getTimetable?from=${new Date(NOW).toISOString()}&to=${new Date(NOW + 43 * DAY).toISOString()}`,
      { as: s },
    );
    expect(range.status).toBe(400);
    expect(await count(ctx, 'course')).toBe(0);
  });
});

describe('cancelling over HTTP (the 24-hour rule on the app clock)', () => {
  it('refunds at start − 24 h − 1 s (coin log 600) and frees the slot', async () => {
    const ctx = await setup();
    let s = await student(ctx);
    const slotId = await slot(ctx, 3 * DAY);
    const course = await book(ctx, s, slotId);
    ctx.clock.set(NOW + 3 * DAY - DAY - 1000);
    s = await relogin(ctx, s);
    const reply = await post(ctx, '/course/cancelCourse', { id: course.id, reason: 'personal' }, { as: s });
    expect(dataOf<CancelCourseResult>(reply, 'cancel')).toEqual({
      id: course.id,
      status: -200,
      late_cancel: false,
      refunded_coins: PRICE,
      refunded_card_lessons: 0,
    });
    expect(await balanceOf(ctx, s)).toBe(10 * PRICE);
    expect((await coinLogsOf(ctx.t.db, s.studentId)).map((l) => l.type)).toEqual([300, 500, 600]);
    expect(await slotState(ctx.t.db, slotId)).toBe('free');
  });

  it('refunds nothing at start − 24 h + 1 s: a late cancellation; the slot is free again', async () => {
    const ctx = await setup();
    let s = await student(ctx);
    const slotId = await slot(ctx, 3 * DAY);
    const course = await book(ctx, s, slotId);
    ctx.clock.set(NOW + 3 * DAY - DAY + 1000);
    s = await relogin(ctx, s);
    const reply = await post(
      ctx,
      '/course/cancelCourse',
      { id: course.id, reason: 'scheduleConflict', remark: '  sorry  ' },
      { as: s },
    );
    expect(dataOf<CancelCourseResult>(reply, 'cancel')).toMatchObject({
      late_cancel: true,
      refunded_coins: 0,
    });
    expect(await balanceOf(ctx, s)).toBe(9 * PRICE);
    expect(await slotState(ctx.t.db, slotId)).toBe('free');
    const info = dataOf<CourseInfo>(
      await get(ctx, `/course/getCourseInfo?id=${course.id}`, { as: s }),
      'info',
    );
    expect(info).toMatchObject({
      status: -200,
      late_cancel: true,
      cancel_reason: 'scheduleConflict',
      cancel_remark: 'sorry',
    });
  });

  it('two cancels of one class at once refund once; the other is a 409', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const course = await book(ctx, s, await slot(ctx, 3 * DAY));
    const replies = await Promise.all(
      [1, 2].map(() => post(ctx, '/course/cancelCourse', { id: course.id, reason: 'personal' }, { as: s })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(refusalOf(replies.find((r) => r.status === 409)!)).toEqual(
      expected(409, 'course.alreadyCancelled', 'en'),
    );
    const again = await post(ctx, '/course/cancelCourse', { id: course.id, reason: 'personal' }, { as: s });
    expect(again.status).toBe(409);
    expect(await count(ctx, 'coin_log', { type: 600 })).toBe(1);
    expect(await balanceOf(ctx, s)).toBe(10 * PRICE);
    expect(await ledgerViolations(ctx.t.db)).toEqual([]);
  });
});

describe('refusals: status and message in zh-Hans and en', () => {
  /** Sends the call in both languages; each answer must be the refusal, worded in its language. */
  async function expectRefusedInBoth(
    send: (lang: Lang) => Promise<ApiReply>,
    code: number,
    key: MessageKey,
    params: Record<string, number> = {},
  ) {
    for (const lang of ['zh-Hans', 'en'] as const) {
      expect(refusalOf(await send(lang)), `${key} (${lang})`).toEqual(expected(code, key, lang, params));
    }
  }

  it('refuses each booking the rules forbid, and changes nothing', async () => {
    const ctx = await setup();
    const s = await student(ctx, 3 * PRICE);
    const bookAs = (as: Student, body: Record<string, unknown>) => (lang: Lang) =>
      post(ctx, '/course/bookCourse', { pay_type: 'coin', ...body }, { as, lang });

    const taken = await slot(ctx, 2 * DAY);
    const held = await book(ctx, s, taken);
    const other = await student(ctx);
    await expectRefusedInBoth(bookAs(other, { slot_id: taken }), 409, 'booking.slotTaken');
    await expectRefusedInBoth(bookAs(s, { slot_id: 2_000_000_000 }), 404, 'booking.slotNotFound');
    await expectRefusedInBoth(bookAs(s, { slot_id: await slot(ctx, 30 * MINUTE) }), 422, 'booking.tooSoon', {
      minutes: 60,
    });
    await expectRefusedInBoth(bookAs(s, { slot_id: await slot(ctx, 15 * DAY) }), 422, 'booking.tooFarAhead', {
      days: 14,
    });
    await expectRefusedInBoth(bookAs(s, { slot_id: await slot(ctx, -HOUR) }), 422, 'booking.slotPassed');
    const second = await createTeacher(ctx.t.db, { price_coins: PRICE, nationality: 'PH' });
    await expectRefusedInBoth(
      bookAs(s, { slot_id: await slot(ctx, 2 * DAY, second) }),
      422,
      'booking.overlap',
    );
    const dear = await createTeacher(ctx.t.db, { price_coins: 5 * PRICE });
    await expectRefusedInBoth(
      bookAs(s, { slot_id: await slot(ctx, 3 * DAY, dear) }),
      422,
      'booking.notEnoughCoins',
      { balance: 2 * PRICE, price: 5 * PRICE },
    );

    // Cards: none usable, one of the wrong kind, expired, empty, another student's.
    const cardSlot = await slot(ctx, 4 * DAY);
    await expectRefusedInBoth(
      bookAs(s, { slot_id: cardSlot, pay_type: 'card' }),
      422,
      'booking.noUsableCard',
    );
    const wallet = ctx.t.app.wallet;
    const philippine = await giveCard(ctx.t.db, wallet, s.studentId, {
      type: 200,
      expiresAt: NOW + 30 * DAY,
    });
    await expectRefusedInBoth(
      bookAs(s, { slot_id: cardSlot, pay_type: 'card', card_id: philippine }),
      422,
      'booking.cardNotAccepted',
    );
    const expired = await giveCard(ctx.t.db, wallet, s.studentId, {
      type: 100,
      teacherId: ctx.teacher,
      expiresAt: NOW - DAY,
    });
    await expectRefusedInBoth(
      bookAs(s, { slot_id: cardSlot, pay_type: 'card', card_id: expired }),
      422,
      'booking.cardExpired',
    );
    const single = await giveCard(ctx.t.db, wallet, s.studentId, {
      type: 200,
      lessons: 1,
      expiresAt: NOW + 30 * DAY,
    });
    await book(ctx, s, await slot(ctx, 5 * DAY, second), { pay_type: 'card', card_id: single });
    await expectRefusedInBoth(
      bookAs(s, { slot_id: await slot(ctx, 6 * DAY, second), pay_type: 'card', card_id: single }),
      422,
      'booking.cardEmpty',
    );
    const theirs = await giveCard(ctx.t.db, wallet, other.studentId, {
      type: 100,
      teacherId: ctx.teacher,
      expiresAt: NOW + 30 * DAY,
    });
    await expectRefusedInBoth(
      bookAs(s, { slot_id: cardSlot, pay_type: 'card', card_id: theirs }),
      404,
      'wallet.cardNotFound',
    );

    // Nothing of the refused calls left a trace: two classes (the coin one and the card one).
    expect(await count(ctx, 'course')).toBe(2);
    expect(held.status).toBe(100);
    expect(await ledgerViolations(ctx.t.db)).toEqual([]);
  });

  it('refuses a 21st upcoming class', async () => {
    const ctx = await setup();
    const s = await student(ctx, 25 * PRICE);
    for (let i = 0; i < 20; i++) {
      await ctx.t.app.courses.book({
        studentId: s.studentId,
        slotId: await slot(ctx, DAY + i * HOUR),
        payType: 'coin',
      });
    }
    const next = await slot(ctx, 2 * DAY);
    await expectRefusedInBoth(
      (lang) => post(ctx, '/course/bookCourse', { slot_id: next, pay_type: 'coin' }, { as: s, lang }),
      422,
      'booking.tooManyUpcoming',
      { max: 20 },
    );
  });

  it('a teacher who refuses frequent late cancellers refuses a student with 3 in 30 days', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const courses = ctx.t.app.courses;
    for (const startIn of [2 * DAY, 3 * DAY, 4 * DAY]) {
      ctx.clock.set(NOW);
      const c = await courses.book({
        studentId: s.studentId,
        slotId: await slot(ctx, startIn),
        payType: 'coin',
      });
      ctx.clock.set(NOW + startIn - HOUR);
      expect(
        (await courses.cancel({ studentId: s.studentId, courseId: c.id, reason: 'personal' })).late_cancel,
      ).toBe(true);
    }
    ctx.clock.set(NOW + 4 * DAY);
    const fresh = await relogin(ctx, s);
    const strict = await createTeacher(ctx.t.db, { refuses_frequent_cancellers: true, price_coins: PRICE });
    const strictSlot = await slot(ctx, 6 * DAY, strict);
    await expectRefusedInBoth(
      (lang) =>
        post(ctx, '/course/bookCourse', { slot_id: strictSlot, pay_type: 'coin' }, { as: fresh, lang }),
      422,
      'booking.lateCancellerRefused',
      { count: 3, limit: 3, days: 30 },
    );
  });

  it('refuses cancelling after the start, a cancelled class, and an abolished one', async () => {
    const ctx = await setup();
    let s = await student(ctx);
    const started = await book(ctx, s, await slot(ctx, 2 * DAY));
    const cancelled = await book(ctx, s, await slot(ctx, 3 * DAY));
    const abolished = await book(ctx, s, await slot(ctx, 4 * DAY));
    await post(ctx, '/course/cancelCourse', { id: cancelled.id, reason: 'personal' }, { as: s });
    const cancel = (id: number) => (lang: Lang) =>
      post(ctx, '/course/cancelCourse', { id, reason: 'personal' }, { as: s, lang });
    await expectRefusedInBoth(cancel(cancelled.id), 409, 'course.alreadyCancelled');
    ctx.clock.set(NOW + 2 * DAY + MINUTE);
    s = await relogin(ctx, s);
    await expectRefusedInBoth(cancel(started.id), 422, 'course.cancelAfterStart');
    await ctx.t.app.classLifecycle.markTeacherNoShow(abolished.id);
    await expectRefusedInBoth(cancel(abolished.id), 409, 'course.abolished');
  });

  it('refuses reviews of a class not over, twice, too late, cancelled or missed; accepts one in time', async () => {
    const ctx = await setup();
    let s = await student(ctx);
    const held = await book(ctx, s, await slot(ctx, 2 * DAY));
    const late = await book(ctx, s, await slot(ctx, 3 * DAY));
    const missed = await book(ctx, s, await slot(ctx, 4 * DAY));
    const dropped = await book(ctx, s, await slot(ctx, 5 * DAY));
    await post(ctx, '/course/cancelCourse', { id: dropped.id, reason: 'personal' }, { as: s });
    const review = (id: number) => (lang: Lang) =>
      post(
        ctx,
        '/course/addCourseReview',
        { id, rating: 5, tags: ['patient'], content: 'Great' },
        { as: s, lang },
      );

    await expectRefusedInBoth(review(held.id), 422, 'course.reviewNotFinished');
    await expectRefusedInBoth(review(dropped.id), 422, 'course.reviewNotHeld');
    ctx.clock.set(NOW + 2 * DAY + HOUR);
    s = await relogin(ctx, s);
    const done = await post(ctx, '/course/addCourseReview', { id: held.id, rating: 4 }, { as: s });
    expect(dataOf<{ id: number }>(done, 'review')).toEqual({ id: held.id });
    await expectRefusedInBoth(review(held.id), 409, 'course.alreadyReviewed');
    ctx.clock.set(NOW + 4 * DAY + HOUR);
    s = await relogin(ctx, s);
    await ctx.t.app.classLifecycle.markStudentAbsent(missed.id);
    await expectRefusedInBoth(review(missed.id), 422, 'course.reviewMissed');
    ctx.clock.set(NOW + 3 * DAY + 8 * DAY);
    s = await relogin(ctx, s);
    await expectRefusedInBoth(review(late.id), 422, 'course.reviewWindowClosed', { days: 7 });
  });
});

describe('ownership and sessions', () => {
  it("another student's class and report are 404s; their lists are empty", async () => {
    const ctx = await setup();
    let owner = await student(ctx);
    const course = await book(ctx, owner, await slot(ctx, 2 * DAY));
    ctx.clock.set(NOW + 2 * DAY + HOUR);
    const reportId = (await ctx.t.app.classReviews.recordTeacherReport(course.id, {
      scores: { fluency: 4 },
      comment: 'Good',
      homework: 'Read',
    }))!;
    owner = await relogin(ctx, owner);
    const stranger = await student(ctx);
    for (const lang of ['zh-Hans', 'en'] as const) {
      const as = { as: stranger, lang };
      expect(refusalOf(await get(ctx, `/course/getCourseInfo?id=${course.id}`, as))).toEqual(
        expected(404, 'course.notFound', lang),
      );
      expect(
        refusalOf(await post(ctx, '/course/cancelCourse', { id: course.id, reason: 'personal' }, as)),
      ).toEqual(expected(404, 'course.notFound', lang));
      expect(refusalOf(await post(ctx, '/course/addCourseReview', { id: course.id, rating: 5 }, as))).toEqual(
        expected(404, 'course.notFound', lang),
      );
      expect(
        refusalOf(await get(ctx, `/course/getFeedbackInfo?ec_id=${course.id}&id=${reportId}`, as)),
      ).toEqual(expected(404, 'course.feedbackNotFound', lang));
    }
    const list = dataOf<Page<unknown>>(
      await get(ctx, '/course/getCourseList?scope=finished', { as: stranger }),
      'l',
    );
    expect(list.total).toBe(0);
    const reports = dataOf<Page<unknown>>(await get(ctx, '/course/getFeedbackList', { as: stranger }), 'r');
    expect(reports.total).toBe(0);

    // The owner reads the report, which marks it read.
    const mine = dataOf<Page<{ id: number; read: boolean }>>(
      await get(ctx, '/course/getFeedbackList', { as: owner }),
      'reports',
    );
    expect(mine.records).toMatchObject([{ id: reportId, read: false }]);
    const report = await get(ctx, `/course/getFeedbackInfo?ec_id=${course.id}&id=${reportId}`, { as: owner });
    expect(dataOf(report, 'report')).toMatchObject({
      id: reportId,
      comment: 'Good',
      homework: 'Read',
      read: true,
    });
    // The class was not cancelled by the stranger's attempt.
    expect(await count(ctx, 'coin_log', { type: 600 })).toBe(0);
  });

  it('answers 401 without a token and 66666 to an expired one on every /course route', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const calls: [ApiRequest['method'], string, unknown][] = [
      ['POST', '/course/bookCourse', { slot_id: 1, pay_type: 'coin' }],
      ['POST', '/course/cancelCourse', { id: 1, reason: 'personal' }],
      [
        'GET',
        `/course/getTimetable?from=${new Date(NOW).toISOString()}&to=${new Date(NOW + DAY).toISOString()}`,
        undefined,
      ],
      ['GET', '/course/getCourseList', undefined],
      ['GET', '/course/getCourseInfo?id=1', undefined],
      ['POST', '/course/addCourseReview', { id: 1, rating: 5 }],
      ['GET', '/course/getFeedbackList', undefined],
      ['GET', '/course/getFeedbackInfo?ec_id=1&id=1', undefined],
    ];
    for (const [method, path, body] of calls) {
      const visitor = await call(ctx, method, path, body);
      expect([path, visitor.status, visitor.envelope?.code]).toEqual([path, 401, CODES.UNAUTHORIZED]);
    }
    ctx.clock.advance((ctx.t.config.ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    for (const [method, path, body] of calls) {
      const expired = await call(ctx, method, path, body, { as: s });
      expect([path, expired.status, expired.envelope?.code]).toEqual([path, 401, CODES.TOKEN_EXPIRED]);
    }
    expect(await count(ctx, 'course')).toBe(0);
  });
});

describe('Idempotency-Key', () => {
  const KEY = 'book-7f3c2a';

  it('replays the stored reply for the same key and body (one class, one debit); another body is a 409', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const [a, b] = [await slot(ctx, 2 * DAY), await slot(ctx, 3 * DAY)];
    const headers = { 'idempotency-key': KEY };
    const first = await post(ctx, '/course/bookCourse', { slot_id: a, pay_type: 'coin' }, { as: s, headers });
    // The same request, its fields in another order: the parsed body is what is compared.
    const retry = await post(ctx, '/course/bookCourse', { pay_type: 'coin', slot_id: a }, { as: s, headers });
    expect(retry.status).toBe(200);
    expect(retry.envelope?.data).toEqual(first.envelope?.data);
    expect(await count(ctx, 'course')).toBe(1);
    expect(await count(ctx, 'coin_log', { type: 500 })).toBe(1);

    for (const lang of ['zh-Hans', 'en'] as const) {
      const other = await post(
        ctx,
        '/course/bookCourse',
        { slot_id: b, pay_type: 'coin' },
        { as: s, headers, lang },
      );
      expect(refusalOf(other)).toEqual(expected(409, 'idempotency.keyReused', lang));
    }
    // Keys belong to their student: another student's same key is a new request.
    const other = await student(ctx);
    const theirs = await post(
      ctx,
      '/course/bookCourse',
      { slot_id: b, pay_type: 'coin' },
      { as: other, headers },
    );
    expect(theirs.status).toBe(200);
    expect(await count(ctx, 'course')).toBe(2);
    expect(await ledgerViolations(ctx.t.db)).toEqual([]);
  });

  it('replays a refusal for the same key and body', async () => {
    const ctx = await setup();
    const s = await student(ctx, 0);
    const slotId = await slot(ctx, 2 * DAY);
    const send = () =>
      post(
        ctx,
        '/course/bookCourse',
        { slot_id: slotId, pay_type: 'coin' },
        { as: s, headers: { 'idempotency-key': KEY } },
      );
    const params = { balance: 0, price: PRICE };
    expect(refusalOf(await send())).toEqual(expected(422, 'booking.notEnoughCoins', 'en', params));
    await giveCoins(ctx.t.db, ctx.t.app.wallet, s.studentId, PRICE);
    expect(refusalOf(await send())).toEqual(expected(422, 'booking.notEnoughCoins', 'en', params));
    expect(await count(ctx, 'course')).toBe(0);
  });

  it('refuses an empty key, one longer than 255 characters and one with spaces with a clear 400', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const slotId = await slot(ctx, 2 * DAY);
    for (const key of ['', 'k'.repeat(256), 'two words']) {
      for (const lang of ['zh-Hans', 'en'] as const) {
        const reply = await post(
          ctx,
          '/course/bookCourse',
          { slot_id: slotId, pay_type: 'coin' },
          { as: s, lang, headers: { 'idempotency-key': key } },
        );
        expect(refusalOf(reply), `${key.length} (${lang})`).toEqual(
          expected(400, 'idempotency.keyInvalid', lang),
        );
      }
    }
    expect(await count(ctx, 'course')).toBe(0);
    const longest = await post(
      ctx,
      '/course/bookCourse',
      { slot_id: slotId, pay_type: 'coin' },
      { as: s, headers: { 'idempotency-key': 'k'.repeat(255) } },
    );
    expect(longest.status).toBe(200);
  });
});

describe('the teacher schedule after a booking', () => {
  async function schedule(ctx: Ctx, as?: Student) {
    const from = new Date(NOW).toISOString();
    const to = new Date(NOW + 7 * DAY).toISOString();
    return get(
      ctx,
      `/teacher/getTeacherSchedule?teacher_id=${ctx.teacher}&from=${from}&to=${to}`,
      as ? { as } : {},
    );
  }
  const stateOf = (reply: ApiReply, slotId: number) =>
    dataOf<TeacherSchedule>(reply, 'schedule').slots.find((x) => x.id === slotId)?.state;

  it('shows mine to the booker, booked to another student and to visitors, free again after a cancel', async () => {
    const ctx = await setup();
    const booker = await student(ctx);
    const other = await student(ctx);
    const slotId = await slot(ctx, 2 * DAY);

    const before = await schedule(ctx);
    expect(stateOf(before, slotId)).toBe('free');
    const etagBefore = String(before.headers.etag);
    expect(etagBefore).toMatch(/^"/);

    const course = await book(ctx, booker, slotId);
    const mine = await schedule(ctx, booker);
    expect(stateOf(mine, slotId)).toBe('mine');
    // A logged-in reply is the student's own: never stored, no ETag.
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers.etag).toBeUndefined();
    expect(stateOf(await schedule(ctx, other), slotId)).toBe('booked');

    const visitor = await schedule(ctx);
    expect(stateOf(visitor, slotId)).toBe('booked');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.headers.etag).toMatch(/^"/);
    // The booking changed the visitors' reply, so its ETag changed too.
    expect(visitor.headers.etag).not.toBe(etagBefore);

    await post(ctx, '/course/cancelCourse', { id: course.id, reason: 'personal' }, { as: booker });
    expect(stateOf(await schedule(ctx, booker), slotId)).toBe('free');
  });
});

describe('OpenAPI', () => {
  it('documents every /course and wallet route with its tag, summary, error replies (the common 413 and 429 too) and the Idempotency-Key header', async () => {
    const { app } = await createTestApp();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      tags: { name: string }[];
      paths: Record<
        string,
        Record<
          string,
          { tags: string[]; summary: string; responses: object; parameters?: { in: string; name: string }[] }
        >
      >;
    };
    expect(doc.tags.map((tag) => tag.name)).toEqual(expect.arrayContaining(['courses', 'wallet']));
    const routes: [string, 'get' | 'post', string, string[]][] = [
      ['/course/bookCourse', 'post', 'courses', ['200', '400', '401', '404', '409', '413', '422', '429']],
      ['/course/cancelCourse', 'post', 'courses', ['200', '400', '401', '404', '409', '413', '422', '429']],
      [
        '/course/addCourseReview',
        'post',
        'courses',
        ['200', '400', '401', '404', '409', '413', '422', '429'],
      ],
      ['/course/getTimetable', 'get', 'courses', ['200', '400', '401', '429']],
      ['/course/getCourseList', 'get', 'courses', ['200', '400', '401', '429']],
      ['/course/getCourseInfo', 'get', 'courses', ['200', '400', '401', '404', '429']],
      ['/course/getFeedbackList', 'get', 'courses', ['200', '400', '401', '429']],
      ['/course/getFeedbackInfo', 'get', 'courses', ['200', '400', '401', '404', '429']],
      ['/user/coins/getCoinBalance', 'get', 'wallet', ['200', '401', '429']],
      ['/user/coins/getCoinLogs', 'get', 'wallet', ['200', '400', '401', '429']],
      ['/user/cards/getCardList', 'get', 'wallet', ['200', '401', '429']],
      ['/user/cards/getCardLogs', 'get', 'wallet', ['200', '400', '401', '404', '429']],
    ];
    for (const [path, method, tag, statuses] of routes) {
      const operation = doc.paths[apiUrl(path)]?.[method];
      expect(operation?.tags, path).toEqual([tag]);
      expect(operation?.summary, path).not.toBe('');
      expect(Object.keys(operation?.responses ?? {}).sort(), path).toEqual(statuses);
    }
    const bookParameters = doc.paths[apiUrl('/course/bookCourse')]!.post!.parameters ?? [];
    expect(bookParameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key' }));
  });
});

describe('review rate per student', () => {
  it('takes 20 review attempts per hour, refused or not; the 21st is 429 with retry_after_seconds in both languages', async () => {
    const ctx = await setup();
    let s = await student(ctx);
    const other = await student(ctx);
    const course = await book(ctx, s, await slot(ctx, 2 * DAY));
    for (let i = 0; i < 20; i++) {
      const reply = await post(ctx, '/course/addCourseReview', { id: course.id, rating: 5 }, { as: s });
      expect(refusalOf(reply)).toEqual(expected(422, 'course.reviewNotFinished', 'en'));
    }
    for (const lang of ['en', 'zh-Hans'] as const) {
      const reply = await post(ctx, '/course/addCourseReview', { id: course.id, rating: 5 }, { as: s, lang });
      expect(refusalOf(reply)).toEqual(expected(429, 'course.reviewRateLimited', lang, { minutes: 60 }));
      expect(reply.envelope?.data).toEqual({ retry_after_seconds: 3600 });
    }
    // Per student: another student's attempt is judged on its merits.
    const stranger = await post(ctx, '/course/addCourseReview', { id: course.id, rating: 5 }, { as: other });
    expect(refusalOf(stranger)).toEqual(expected(404, 'course.notFound', 'en'));

    // An hour later the class is over and the review goes in.
    ctx.clock.set(NOW + 2 * DAY + HOUR);
    s = await relogin(ctx, s);
    const done = await post(ctx, '/course/addCourseReview', { id: course.id, rating: 4 }, { as: s });
    expect(dataOf<{ id: number }>(done, 'review')).toEqual({ id: course.id });
  });
});
