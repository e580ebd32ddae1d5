import { describe, expect, it } from 'vitest';
import type { CourseItem } from '@app/contract/courses';
import { message, type MessageKey } from '@app/contract/messages';
import { apiUrl, type ApiRequest, type Lang } from '../../../test-support/http.ts';
import { createStudentSession, dataOf, type StudentSession } from '../../../test-support/students.ts';
import { transportOf } from './helpers/auth.ts';
import { DAY, HOUR, giveCoins, manualClock, wholeMinute, type ManualClock } from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 32 §5: JSON bodies take ids and numbers as JSON integers only (`[1]`, `true`, `"0x10"`,
 * `"1e3"`, `"1"` and `1.5` are a 400 naming the field, in the request's language, and change
 * nothing); query strings keep their coercion of plain decimal digits, and only those.
 */

const PRICE = 100;
const NOW = wholeMinute(Date.now());

type Ctx = { t: TestApp; clock: ManualClock; teacher: number; s: StudentSession };

async function setup(): Promise<Ctx> {
  const clock = manualClock(NOW);
  const t = await createTestApp({ clock });
  const teacher = await createTeacher(t.db, { price_coins: PRICE });
  const s = await createStudentSession(transportOf(t));
  await giveCoins(t.db, t.app.wallet, s.studentId, 10 * PRICE);
  return { t, clock, teacher, s };
}

function call(ctx: Ctx, method: ApiRequest['method'], path: string, body?: unknown, lang?: Lang) {
  return transportOf(ctx.t).request({
    method,
    url: apiUrl(path),
    ...(body === undefined ? {} : { body }),
    token: ctx.s.token,
    ...(lang ? { lang } : {}),
  });
}

/** A free slot with this id (ids 1, 16 and 1000 are what `true`, `"0x10"` and `"1e3"` became). */
async function slotWithId(ctx: Ctx, id: number, startIn = 2 * DAY): Promise<number> {
  await ctx.t.db
    .insertInto('teacher_slot')
    .values({
      id,
      teacher_id: ctx.teacher,
      start_at: NOW + startIn,
      end_at: NOW + startIn + 25 * 60_000,
      state: 'free',
    })
    .execute();
  return id;
}

/** What the business tables hold for the student: nothing a refused call may change. */
async function stateOf(ctx: Ctx) {
  const db = ctx.t.db;
  const [courses, slots, wallet, orders, likes, reviews] = await Promise.all([
    db.selectFrom('course').select(['id', 'slot_id', 'status']).orderBy('id').execute(),
    db.selectFrom('teacher_slot').select(['id', 'state']).orderBy('id').execute(),
    db.selectFrom('wallet').select(['student_id', 'coins']).orderBy('student_id').execute(),
    db.selectFrom('pay_order').select(['order_no']).execute(),
    db.selectFrom('favourite_teacher').selectAll().execute(),
    db.selectFrom('course_review').select(['course_id']).execute(),
  ]);
  return { courses, slots, wallet, orders, likes, reviews };
}

/** Sends the body in both languages; each is a 400 naming `field`, and nothing changed. */
async function expectWrongType(ctx: Ctx, path: string, body: Record<string, unknown>, field: string) {
  const before = await stateOf(ctx);
  for (const lang of ['zh-Hans', 'en'] as const) {
    const reply = await call(ctx, 'POST', path, body, lang);
    const shown = `${path} ${JSON.stringify(body)}`;
    expect(reply.status, shown).toBe(400);
    expect(JSON.parse(reply.body), shown).toEqual({
      code: 400,
      data: null,
      msg: message('error.invalidField', lang, { field }),
    });
  }
  expect(await stateOf(ctx)).toEqual(before);
}

async function expectQueryRefused(ctx: Ctx, path: string, field: string) {
  for (const lang of ['zh-Hans', 'en'] as const) {
    const reply = await call(ctx, 'GET', path, undefined, lang);
    expect(reply.status, path).toBe(400);
    expect(JSON.parse(reply.body), path).toEqual({
      code: 400,
      data: null,
      msg: message('error.invalidField', lang, { field }),
    });
  }
}

/** JSON shapes that once became an id through coercion, with the id each became. */
const LOOSE = (id: number) => [[id], String(id), `${id}.0`, ` ${id}`, `0x${id.toString(16)}`, `${id}e0`];

describe('JSON bodies take ids as JSON integers only', () => {
  it('bookCourse: [1], true, "0x10", "1e3", "1", 1.5 are 400s and book nothing (they once booked slots 1, 16, 1000)', async () => {
    const ctx = await setup();
    await slotWithId(ctx, 1, 2 * DAY);
    await slotWithId(ctx, 16, 3 * DAY);
    await slotWithId(ctx, 1000, 4 * DAY);
    const shapes: unknown[] = [[1], true, '0x10', '1e3', '1', 1.5, ' 1', '+1', [16], '16', 1000.5, null, {}];
    for (const slot_id of shapes) {
      await expectWrongType(ctx, '/course/bookCourse', { slot_id, pay_type: 'coin' }, 'slot_id');
    }
    await expectWrongType(
      ctx,
      '/course/bookCourse',
      { slot_id: 1, pay_type: 'card', card_id: '1' },
      'card_id',
    );
    await expectWrongType(
      ctx,
      '/course/bookCourse',
      { slot_id: 1, pay_type: 'card', card_id: [1] },
      'card_id',
    );
    // The integer itself still books.
    const booked = await call(ctx, 'POST', '/course/bookCourse', { slot_id: 16, pay_type: 'coin' });
    expect(dataOf<CourseItem>(booked, 'book').slot_id).toBe(16);
  });

  it('cancelCourse and addCourseReview refuse loose ids and ratings, and change nothing', async () => {
    const ctx = await setup();
    const future = await createSlot(ctx.t.db, ctx.teacher, { start_at: NOW + 3 * DAY });
    const soon = await createSlot(ctx.t.db, ctx.teacher, { start_at: NOW + 2 * HOUR });
    const toCancel = dataOf<CourseItem>(
      await call(ctx, 'POST', '/course/bookCourse', { slot_id: future, pay_type: 'coin' }),
      'book',
    );
    const held = dataOf<CourseItem>(
      await call(ctx, 'POST', '/course/bookCourse', { slot_id: soon, pay_type: 'coin' }),
      'book',
    );
    for (const id of [...LOOSE(toCancel.id), true, 1.5]) {
      await expectWrongType(ctx, '/course/cancelCourse', { id, reason: 'personal' }, 'id');
    }
    // The reason is a string enum: a number is refused too.
    await expectWrongType(ctx, '/course/cancelCourse', { id: toCancel.id, reason: 1 }, 'reason');

    ctx.clock.set(NOW + 3 * HOUR);
    ctx.s = await createStudentSession(transportOf(ctx.t), { mobile: ctx.s.mobile });
    for (const id of [...LOOSE(held.id), true, 1.5]) {
      await expectWrongType(ctx, '/course/addCourseReview', { id, rating: 5 }, 'id');
    }
    for (const rating of ['5', [5], true, 4.5, '0x5']) {
      await expectWrongType(ctx, '/course/addCourseReview', { id: held.id, rating }, 'rating');
    }
    const reviewed = await call(ctx, 'POST', '/course/addCourseReview', { id: held.id, rating: 5 });
    expect(reviewed.status).toBe(200);
    const cancelled = await call(ctx, 'POST', '/course/cancelCourse', {
      id: toCancel.id,
      reason: 'personal',
    });
    expect(cancelled.status).toBe(200);
  });

  it('createOrder refuses a loose product_id or teacher_id and creates no order', async () => {
    const ctx = await setup();
    const coin = await ctx.t.db
      .selectFrom('pay_product')
      .select('id')
      .where('kind', '=', 'coin')
      .executeTakeFirstOrThrow();
    const card = await ctx.t.db
      .selectFrom('pay_product')
      .select('id')
      .where('card_type', '=', 100)
      .executeTakeFirstOrThrow();
    for (const product_id of [...LOOSE(coin.id), true, 1.5]) {
      await expectWrongType(ctx, '/pay/createOrder', { product_id, pay_method: 'wechat' }, 'product_id');
    }
    for (const teacher_id of [...LOOSE(ctx.teacher), true]) {
      await expectWrongType(
        ctx,
        '/pay/createOrder',
        { product_id: card.id, pay_method: 'wechat', teacher_id },
        'teacher_id',
      );
    }
    const created = await call(ctx, 'POST', '/pay/createOrder', {
      product_id: coin.id,
      pay_method: 'wechat',
    });
    expect(created.status).toBe(200);
  });

  it('favourites and file downloads refuse loose ids', async () => {
    const ctx = await setup();
    for (const teacher_id of [...LOOSE(ctx.teacher), true, 1.5]) {
      await expectWrongType(ctx, '/user/UserLikeTeacher', { teacher_id }, 'teacher_id');
    }
    const file = await ctx.t.app.files.addFile(ctx.s.studentId, {
      name: 'notes.pdf',
      bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    for (const id of [...LOOSE(file), true, 1.5]) {
      await expectWrongType(ctx, '/user/file/getDownloadUrl', { ids: [id] }, 'ids.0');
    }
    await expectWrongType(ctx, '/user/file/getDownloadUrl', { ids: String(file) }, 'ids');
    expect((await call(ctx, 'POST', '/user/file/getDownloadUrl', { ids: [file] })).status).toBe(200);
    expect((await call(ctx, 'POST', '/user/UserLikeTeacher', { teacher_id: ctx.teacher })).status).toBe(200);
  });

  it('setUserInfo takes sex as a JSON integer and class_reminder as a JSON boolean', async () => {
    const ctx = await setup();
    const refused = async (
      body: Record<string, unknown>,
      key: MessageKey | 'invalidField',
      field: string,
    ) => {
      for (const lang of ['zh-Hans', 'en'] as const) {
        const reply = await call(ctx, 'POST', '/user/setUserInfo', body, lang);
        expect(reply.status).toBe(400);
        const msg =
          key === 'invalidField' ? message('error.invalidField', lang, { field }) : message(key, lang);
        expect(JSON.parse(reply.body)).toMatchObject({ code: 400, msg });
      }
    };
    for (const sex of ['1', [1], true, 1.5]) await refused({ sex }, 'validation.sexInvalid', 'sex');
    for (const class_reminder of ['true', 1, [true]])
      await refused({ class_reminder }, 'invalidField', 'class_reminder');
  });
});

describe('query strings coerce plain decimal digits only', () => {
  it('refuses hexadecimal, exponent, signed, padded, decimal and repeated values; takes the digits', async () => {
    const ctx = await setup();
    const slot = await createSlot(ctx.t.db, ctx.teacher, { start_at: NOW + 2 * DAY });
    const course = dataOf<CourseItem>(
      await call(ctx, 'POST', '/course/bookCourse', { slot_id: slot, pay_type: 'coin' }),
      'book',
    );
    const hex = `0x${course.id.toString(16)}`;
    for (const id of [
      hex,
      `${course.id}e0`,
      `+${course.id}`,
      `%20${course.id}`,
      `${course.id}.0`,
      `[${course.id}]`,
      '',
    ]) {
      await expectQueryRefused(ctx, `/course/getCourseInfo?id=${id}`, 'id');
    }
    await expectQueryRefused(ctx, `/course/getCourseInfo?id=${course.id}&id=${course.id}`, 'id');
    expect((await call(ctx, 'GET', `/course/getCourseInfo?id=${course.id}`)).status).toBe(200);
    expect((await call(ctx, 'GET', `/course/getCourseInfo?id=00${course.id}`)).status).toBe(200);

    await expectQueryRefused(
      ctx,
      `/teacher/getTeacherInfo?teacher_id=0x${ctx.teacher.toString(16)}`,
      'teacher_id',
    );
    expect((await call(ctx, 'GET', `/teacher/getTeacherInfo?teacher_id=${ctx.teacher}`)).status).toBe(200);
    await expectQueryRefused(ctx, '/course/getCourseList?current=1e0', 'current');
    await expectQueryRefused(ctx, '/course/getCourseList?size=0x10', 'size');
    await expectQueryRefused(ctx, '/user/coins/getCoinLogs?type=3e2', 'type');
    await expectQueryRefused(ctx, '/pay/getOrderList?status=0x0', 'status');
    await expectQueryRefused(ctx, '/teacher/getTeacherList?level=1e2', 'level');
    await expectQueryRefused(ctx, '/user/file/myFile?file_pid=0x0', 'file_pid');
    expect((await call(ctx, 'GET', '/course/getCourseList?current=1&size=20')).status).toBe(200);
    expect((await call(ctx, 'GET', '/user/coins/getCoinLogs?type=300')).status).toBe(200);
    expect((await call(ctx, 'GET', '/pay/getOrderList?status=0')).status).toBe(200);
    expect((await call(ctx, 'GET', '/teacher/getTeacherList?level=100')).status).toBe(200);
    expect((await call(ctx, 'GET', '/user/file/myFile?file_pid=0')).status).toBe(200);
  });
});
