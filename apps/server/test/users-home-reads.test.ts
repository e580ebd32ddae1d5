import { describe, expect, it } from 'vitest';
import type { CourseItem, Timetable } from '@app/contract/courses';
import type { Page } from '@app/contract/paging';
import type { Order } from '@app/contract/payments';
import type { UserHome } from '@app/contract/users';
import type { CoinLog } from '@app/contract/wallet';
import { createStudentSession } from '../../../test-support/students.ts';
import { envelope, get, post, transportOf } from './helpers/auth.ts';
import { DAY, HOUR, MINUTE, giveCoins, manualClock, wholeMinute } from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The logged-in student's reads after each write (issue 36): the reads were rewritten to fewer,
 * prepared statements (the home page's counts in one, the lists counted without their joins, the
 * class lists on the partial index of open classes), and none of them caches, so a booking, a
 * cancellation, a class that ends, a teacher's report, an order and its payment each show in the
 * very next read of every page that shows them.
 */

const NOW = wholeMinute(Date.now());

async function setup() {
  const clock = manualClock(NOW);
  const t = await createTestApp({ clock });
  const teacher = await createTeacher(t.db, { price_coins: 100 });
  const s = await createStudentSession(transportOf(t));
  await giveCoins(t.db, t.app.wallet, s.studentId, 1000);
  return { t, clock, teacher, s };
}

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
