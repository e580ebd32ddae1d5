import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CourseItem, Timetable } from '@app/contract/courses';
import type { Page } from '@app/contract/paging';
import type { Order } from '@app/contract/payments';
import type { UserHome } from '@app/contract/users';
import type { CoinLog } from '@app/contract/wallet';
import { apiUrl } from '../../../test-support/http.ts';
import { createStudentSession } from '../../../test-support/students.ts';
import { STUDENT_CACHE_DEFAULTS } from '../src/http/student-cache.ts';
import { runOps } from '../src/ops/run.ts';
import { envelope, get, post, transportOf } from './helpers/auth.ts';
import { DAY, HOUR, MINUTE, giveCoins, wholeMinute } from './helpers/courses.ts';
import { createSlot } from './helpers/factories.ts';
import { studentReadsSetup } from './helpers/student-reads.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The logged-in student's reads after each write (issue 36): the reads run fewer, prepared
 * statements (the home page's counts in one, the lists counted without their joins, the class lists
 * on the partial index of open classes), and their replies are cached per student under a version
 * that database triggers bump on every write (http/student-cache.ts, migration 0017). A booking, a
 * cancellation, a class that ends, a teacher's report, an order and its payment, a like, a profile
 * change, a review, a teacher's new name and an operator's coin adjustment each show in the very
 * next read of every page that shows them, also when another instance or connection made the write.
 */

const NOW = wholeMinute(Date.now());

const setup = () => studentReadsSetup(NOW);

async function read<T>(t: TestApp, path: string, token: string): Promise<T> {
  const reply = await get(t, path, { token });
  expect(reply.statusCode, `${path}: ${reply.body}`).toBe(200);
  return envelope(reply).data as T;
}

const home = (t: TestApp, token: string) => read<UserHome>(t, '/user/getUserHome', token);
const recent = (t: TestApp, token: string) =>
  read<Page<CourseItem>>(t, '/course/getCourseList?scope=recent&current=1&size=10', token);
const finished = (t: TestApp, token: string) =>
  read<Page<CourseItem>>(t, '/course/getCourseList?scope=finished&current=1&size=10', token);
const coinLogs = (t: TestApp, token: string) =>
  read<Page<CoinLog>>(t, '/user/coins/getCoinLogs?current=1&size=20', token);

function timetable(t: TestApp, token: string) {
  const from = encodeURIComponent(new Date(NOW - DAY).toISOString());
  const to = encodeURIComponent(new Date(NOW + 7 * DAY).toISOString());
  return read<Timetable>(t, `/course/getTimetable?from=${from}&to=${to}`, token);
}

describe('the logged-in reads after each write', () => {
  it('show a booking, its cancellation and a class that ended in the next read of every page', async () => {
    const { t, clock, teacher, s } = await setup();
    const before = await home(t, s.token);
    expect(before.counts).toMatchObject({ upcoming_classes: 0, finished_classes: 0 });
    expect((await coinLogs(t, s.token)).total).toBe(1);

    // Two bookings: one to cancel, one to let end.
    const ids: number[] = [];
    for (const startIn of [2 * DAY, 3 * HOUR]) {
      const slotId = await createSlot(t.db, teacher, { start_at: NOW + startIn });
      const booked = await post(
        t,
        '/course/bookCourse',
        { slot_id: slotId, pay_type: 'coin' },
        { token: s.token },
      );
      expect(booked.statusCode, booked.body).toBe(200);
      ids.push((envelope(booked).data as CourseItem).id);
    }
    const [later, soon] = ids as [number, number];
    const booked = await home(t, s.token);
    expect(booked.coins).toBe(800);
    expect(booked.next_classes.map((c) => c.id)).toEqual([soon, later]);
    expect(booked.counts).toMatchObject({ upcoming_classes: 2, finished_classes: 0 });
    expect(await recent(t, s.token)).toMatchObject({ total: 2, records: [{ id: soon }, { id: later }] });
    expect((await finished(t, s.token)).total).toBe(0);
    expect((await timetable(t, s.token)).records.map((c) => c.id)).toEqual([soon, later]);
    const logs = await coinLogs(t, s.token);
    expect(logs.total).toBe(3);
    expect(logs.records.slice(0, 2)).toMatchObject([
      { type: 500, amount: -100, course_id: soon },
      { type: 500, amount: -100, course_id: later },
    ]);
    const info = await read<{ id: number; cancellable: boolean }>(
      t,
      `/course/getCourseInfo?id=${later}`,
      s.token,
    );
    expect(info).toMatchObject({ id: later, cancellable: true });

    const cancelled = await post(
      t,
      '/course/cancelCourse',
      { id: later, reason: 'personal' },
      { token: s.token },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = await home(t, s.token);
    expect(afterCancel.coins).toBe(900);
    expect(afterCancel.next_classes.map((c) => c.id)).toEqual([soon]);
    expect(afterCancel.counts).toMatchObject({ upcoming_classes: 1, finished_classes: 1 });
    expect(await recent(t, s.token)).toMatchObject({ total: 1, records: [{ id: soon }] });
    expect(await finished(t, s.token)).toMatchObject({ total: 1, records: [{ id: later, status: -200 }] });
    expect((await timetable(t, s.token)).records.map((c) => c.id)).toEqual([soon]);
    const refunded = await coinLogs(t, s.token);
    expect(refunded.total).toBe(4);
    expect(refunded.records[0]).toMatchObject({ type: 600, amount: 100, course_id: later });

    // The class ends; the lifecycle job has not run yet (it is still stored as not started), and the
    // lists already count it as over: the derived status decides, not the stored one.
    clock.advance(3 * HOUR + 30 * MINUTE);
    const again = await createStudentSession(transportOf(t), { mobile: s.mobile });
    const ended = await home(t, again.token);
    expect(ended.next_classes).toEqual([]);
    expect(ended.counts).toMatchObject({ upcoming_classes: 0, finished_classes: 2 });
    expect(await recent(t, again.token)).toMatchObject({ total: 0, records: [] });
    expect(await finished(t, again.token)).toMatchObject({
      total: 2,
      records: [{ id: later }, { id: soon, status: 300 }],
    });
  });

  it("counts a teacher's report as unread on the home page until the student opens it", async () => {
    const { t, clock, teacher, s } = await setup();
    const slotId = await createSlot(t.db, teacher, { start_at: NOW + 2 * HOUR });
    const course = await t.app.courses.book({ studentId: s.studentId, slotId, payType: 'coin' });
    clock.advance(3 * HOUR);
    const again = await createStudentSession(transportOf(t), { mobile: s.mobile });
    expect((await home(t, again.token)).reports).toEqual({ unread: 0, latest: [] });
    const reportId = await t.app.classReviews.recordTeacherReport(course.id, {
      scores: { speaking: 4 },
      comment: 'Good',
      homework: '',
    });
    const reported = await home(t, again.token);
    expect(reported.reports.unread).toBe(1);
    expect(reported.reports.latest.map((r) => r.course_id)).toEqual([course.id]);
    await read(t, `/course/getFeedbackInfo?ec_id=${course.id}&id=${String(reportId)}`, again.token);
    const opened = await home(t, again.token);
    expect(opened.reports.unread).toBe(0);
    expect(opened.reports.latest.map((r) => r.course_id)).toEqual([course.id]);
  });

  it('shows an order in the next order list, and its payment in the orders, the ledger and the home page', async () => {
    const { t, s } = await setup();
    const product = await t.db
      .selectFrom('pay_product')
      .select(['id', 'coins', 'bonus_coins'])
      .where('kind', '=', 'coin')
      .where('active', '=', 1)
      .orderBy('price_fen')
      .executeTakeFirstOrThrow();
    const ordersPath = '/pay/getOrderList?current=1&size=10';
    expect((await read<Page<Order>>(t, ordersPath, s.token)).total).toBe(0);
    const created = await post(
      t,
      '/pay/createOrder',
      { product_id: product.id, pay_method: 'wechat' },
      { token: s.token },
    );
    expect(created.statusCode, created.body).toBe(200);
    const order = envelope(created).data as { order_no: string; pay: { qr_code: string } };
    expect(await read<Page<Order>>(t, ordersPath, s.token)).toMatchObject({
      total: 1,
      records: [{ order_no: order.order_no, status: 0 }],
    });

    const token = new URL(order.pay.qr_code).searchParams.get('t')!;
    expect((await t.app.payments.cashierPay(order.order_no, token))?.status).toBe(200);
    expect(await read<Page<Order>>(t, ordersPath, s.token)).toMatchObject({
      total: 1,
      records: [{ order_no: order.order_no, status: 200 }],
    });
    const credited = product.coins + product.bonus_coins;
    expect((await home(t, s.token)).coins).toBe(1000 + credited);
    const logs = await coinLogs(t, s.token);
    expect(logs.total).toBe(product.bonus_coins > 0 ? 3 : 2);
    expect(logs.records.some((r) => r.type === 300 && r.order_no === order.order_no)).toBe(true);
  });
});

describe("the student's reply cache", () => {
  const hits = (t: TestApp) => t.app.studentCache.stats().hits;

  it('answers a repeated read from the cache, per student, route, query and language', async () => {
    const { t, teacher, s } = await setup();
    const other = await createStudentSession(transportOf(t));
    const slotId = await createSlot(t.db, teacher, { start_at: NOW + 2 * DAY });
    await t.app.courses.book({ studentId: s.studentId, slotId, payType: 'coin' });

    const first = await get(t, '/user/getUserHome', { token: s.token });
    const before = hits(t);
    const second = await get(t, '/user/getUserHome', { token: s.token });
    expect(hits(t)).toBe(before + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toBe('no-store');

    // Another student, another query, another language: each computed apart.
    const theirs = envelope(await get(t, '/user/getUserHome', { token: other.token })).data as UserHome;
    expect(theirs.user.student_id).toBe(other.studentId);
    expect(theirs.coins).toBe(0);
    const recentPage = await recent(t, s.token);
    expect(recentPage.total).toBe(1);
    const finishedPage = await finished(t, s.token);
    expect(finishedPage.total).toBe(0);
    const zh = envelope(await get(t, '/user/getUserHome', { token: s.token, lang: 'zh-Hans' }));
    const en = envelope(await get(t, '/user/getUserHome', { token: s.token, lang: 'en' }));
    expect(zh.msg).not.toBe(en.msg);
  });

  it('sends a kept reply compressed as the client asks, compressing it once per encoding', async () => {
    const { t, teacher, s } = await setup();
    // Two classes to come: a home page above the compression threshold (1 KB).
    for (const day of [2, 3]) {
      const slotId = await createSlot(t.db, teacher, { start_at: NOW + day * DAY });
      await t.app.courses.book({ studentId: s.studentId, slotId, payType: 'coin' });
    }
    const ask = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: apiUrl('/user/getUserHome'),
        headers: { authorization: `Bearer ${s.token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const computed = await ask('gzip, deflate, br');
    expect(computed.headers['content-encoding']).toBe('br');
    const plain = brotliDecompressSync(computed.rawPayload).toString();
    expect(plain.length).toBeGreaterThanOrEqual(1024);

    const before = hits(t);
    const bytes = () => t.app.studentCache.stats().bytes;
    const bytes0 = bytes();
    const br = await ask('gzip, deflate, br');
    // The compressed copy is kept with the entry: the second Brotli hit adds nothing.
    expect(bytes()).toBe(bytes0 + br.rawPayload.length);
    const brAgain = await ask('br');
    expect(bytes()).toBe(bytes0 + br.rawPayload.length);
    const gzip = await ask('gzip');
    expect(bytes()).toBe(bytes0 + br.rawPayload.length + gzip.rawPayload.length);
    const identity = await ask();
    expect(hits(t)).toBe(before + 4);
    expect([br, brAgain, gzip, identity].map((r) => r.headers['content-encoding'])).toEqual([
      'br',
      'br',
      'gzip',
      undefined,
    ]);
    for (const reply of [br, brAgain, gzip, identity])
      expect(String(reply.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    expect(identity.body).toBe(plain);
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(String(br.headers['content-length'])).toBe(String(br.rawPayload.length));
  });

  it('never keeps an error reply, and serves nothing to a request without a valid session', async () => {
    const { t, s } = await setup();
    const { entries } = t.app.studentCache.stats();
    for (let i = 0; i < 2; i++) {
      const missing = await get(t, '/course/getCourseInfo?id=999999', { token: s.token });
      expect(missing.statusCode).toBe(404);
      const bad = await get(t, '/user/coins/getCoinLogs?current=0', { token: s.token });
      expect(bad.statusCode).toBe(400);
    }
    expect(t.app.studentCache.stats().entries).toBe(entries);
    await home(t, s.token);
    expect((await get(t, '/user/getUserHome')).statusCode).toBe(401);
    expect((await get(t, '/user/getUserHome', { token: `${s.token}x` })).statusCode).toBe(401);
  });

  it('recomputes a reply once it is older than the freshness limit (what the clock alone changes)', async () => {
    const { t, clock, teacher, s } = await setup();
    const slotId = await createSlot(t.db, teacher, { start_at: NOW + 2 * HOUR });
    const course = await t.app.courses.book({ studentId: s.studentId, slotId, payType: 'coin' });
    const path = `/course/getCourseInfo?id=${course.id}`;
    expect(await read(t, path, s.token)).toMatchObject({ status: 100, cancellable: true });
    const before = hits(t);
    await read(t, path, s.token);
    expect(hits(t)).toBe(before + 1);
    // The class starts: nothing was written, the clock moved.
    clock.advance(2 * HOUR + MINUTE);
    const again = await createStudentSession(transportOf(t), { mobile: s.mobile });
    expect(await read(t, path, again.token)).toMatchObject({ status: 200, cancellable: false });
    const started = hits(t);
    clock.advance(STUDENT_CACHE_DEFAULTS.freshMs);
    await read(t, path, again.token);
    expect(hits(t)).toBe(started);
  });

  it('ends a kept reply at the next change by the clock, not at the freshness limit', async () => {
    const { t, clock, teacher, s } = await setup();
    // The class's 24-hour free-cancel line falls 6 s from now, well within the freshness limit.
    const slotId = await createSlot(t.db, teacher, { start_at: NOW + DAY + 6_000 });
    const course = await t.app.courses.book({ studentId: s.studentId, slotId, payType: 'coin' });
    expect(STUDENT_CACHE_DEFAULTS.freshMs).toBeGreaterThanOrEqual(10_000);
    const path = `/course/getCourseInfo?id=${course.id}`;
    expect(await read(t, path, s.token)).toMatchObject({ cancellable: true, cancel_refunds: true });
    clock.advance(4_000);
    const before = hits(t);
    expect(await read(t, path, s.token)).toMatchObject({ cancel_refunds: true });
    expect(hits(t)).toBe(before + 1);
    // 7 s after the first read: past the line, before the limit. Nothing was written.
    clock.advance(3_000);
    expect(await read(t, path, s.token)).toMatchObject({ cancellable: true, cancel_refunds: false });
    expect(hits(t)).toBe(before + 1);
  });

  it('shows a write made by another instance, another connection or the ops CLI in the next read', async () => {
    const { t, teacher, s } = await setup();
    const b = await createTestApp({ reuseDatabaseOf: t, clock: t.clock });
    const slotId = await createSlot(t.db, teacher, { start_at: NOW + 2 * DAY });
    const course = await t.app.courses.book({ studentId: s.studentId, slotId, payType: 'coin' });
    const cached = async () => {
      const [h, liked, balance, list, info] = [
        await home(t, s.token),
        await read<number[]>(t, '/user/getUserLikeTeachersIds', s.token),
        await read<{ coins: number }>(t, '/user/coins/getCoinBalance', s.token),
        await recent(t, s.token),
        await read<{ teacher: { name: string }; courseware: unknown[] }>(
          t,
          `/course/getCourseInfo?id=${course.id}`,
          s.token,
        ),
      ];
      return { h, liked, balance, list, info };
    };
    const first = await cached();
    expect(first.liked).toEqual([]);
    const before = hits(t);
    expect((await cached()).h).toEqual(first.h);
    expect(hits(t)).toBe(before + 5);

    // A like on the other instance.
    const like = await post(
      b,
      '/user/UserLikeTeacher',
      { teacher_id: teacher, like: true },
      { token: s.token },
    );
    expect(like.statusCode, like.body).toBe(200);
    const liked = await cached();
    expect(liked.liked).toEqual([teacher]);
    expect(liked.h.counts.favourite_teachers).toBe(1);

    // A profile change on the other instance.
    const nick = await post(b, '/user/setUserInfo', { student_nick: 'Cached' }, { token: s.token });
    expect(nick.statusCode, nick.body).toBe(200);
    expect((await home(t, s.token)).user.student_nick).toBe('Cached');

    // The teacher renamed by another connection (shared rows shown in the student's classes).
    await b.db.updateTable('teacher').set({ name: 'Renamed Teacher' }).where('id', '=', teacher).execute();
    const renamed = await cached();
    const shown = { teacher: { name: 'Renamed Teacher' } };
    expect(renamed.info).toMatchObject(shown);
    expect(renamed.list.records[0]).toMatchObject(shown);
    expect(renamed.h.next_classes[0]).toMatchObject(shown);
    // Made inactive: the liked list shows active teachers only.
    await b.db.updateTable('teacher').set({ active: 0 }).where('id', '=', teacher).execute();
    expect(await read<number[]>(t, '/user/getUserLikeTeachersIds', s.token)).toEqual([]);

    // Courseware attached to the class by another connection.
    await b.db
      .insertInto('courseware_item')
      .values({
        student_id: s.studentId,
        kind: 'pdf',
        name: 'lesson.pdf',
        storage_key: 'courseware/lesson.pdf',
        course_id: course.id,
        created_at: NOW,
      })
      .execute();
    expect((await cached()).info.courseware).toHaveLength(1);

    // An operator's coin adjustment through the ops CLI, on its own connection.
    const outcome = await runOps(
      { db: b.db, dialect: b.dialect, clock: t.clock, config: b.config },
      [
        'coins',
        'adjust',
        '--student',
        String(s.studentId),
        '--type',
        'increase',
        '--amount',
        '55',
        '--reason',
        'cache test',
      ],
      { USER: 'tester' },
    );
    expect(outcome.code, JSON.stringify(outcome)).toBe(0);
    const adjusted = await cached();
    expect(adjusted.balance.coins).toBe(first.balance.coins + 55);
    expect(adjusted.h.coins).toBe(first.balance.coins + 55);
    expect((await coinLogs(t, s.token)).records[0]).toMatchObject({ amount: 55 });

    // A cancellation on the other instance: every page of the first shows it.
    const cancel = await post(
      b,
      '/course/cancelCourse',
      { id: course.id, reason: 'personal' },
      { token: s.token },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await cached();
    expect(cancelled.list.total).toBe(0);
    expect(cancelled.h.counts.upcoming_classes).toBe(0);
    expect(cancelled.balance.coins).toBe(adjusted.balance.coins + 100);
  });

  it('bumps the version of exactly the students a write concerns', async () => {
    const { t, teacher, s } = await setup();
    const other = await createStudentSession(transportOf(t));
    const version = async (studentId: number) =>
      Number(
        (
          await t.db
            .selectFrom('student_reads_version')
            .select('version')
            .where('student_id', '=', studentId)
            .executeTakeFirst()
        )?.version ?? 0,
      );
    const [mine, theirs] = [await version(s.studentId), await version(other.studentId)];
    await giveCoins(t.db, t.app.wallet, s.studentId, 10);
    expect(await version(s.studentId)).toBeGreaterThan(mine);
    expect(await version(other.studentId)).toBe(theirs);
    // A teacher's field no student's read shows bumps nobody.
    const slotId = await createSlot(t.db, teacher, { start_at: NOW + 2 * DAY });
    await t.app.courses.book({ studentId: s.studentId, slotId, payType: 'coin' });
    const booked = await version(s.studentId);
    await t.db.updateTable('teacher').set({ intro_en: 'Changed' }).where('id', '=', teacher).execute();
    expect(await version(s.studentId)).toBe(booked);
    await t.db
      .updateTable('teacher')
      .set({ avatar: 'https://example.com/a.png' })
      .where('id', '=', teacher)
      .execute();
    expect(await version(s.studentId)).toBeGreaterThan(booked);
    expect(await version(other.studentId)).toBe(theirs);
  });
});
