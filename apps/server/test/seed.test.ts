import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSeedRun } from '../src/db/seed/seed-run.ts';
import { DEMO_STUDENT } from '../src/modules/students/students.seed.ts';
import { SOON_CLASS_MINUTES, seedDemoCourses, teacherSlug } from '../src/modules/courses/courses.seed.ts';
import { seedDemoOrders } from '../src/modules/payments/payments.seed.ts';
import { ledgerViolations } from './helpers/courses.ts';
import { createTestApp } from './helpers/test-app.ts';

const WEB_PUBLIC = path.resolve(__dirname, '../../web/public');

/** The demo student's wallet and classes (DESIGN.md §10), seeded on a fresh demo database. */
describe('the demo seed of classes and the wallet', () => {
  it('keeps the ledgers whole and gives the demo student every kind of class', async () => {
    const t = await createTestApp({ env: { SEED_DEMO: '1' } });
    expect(await ledgerViolations(t.db)).toEqual([]);

    const student = await t.db
      .selectFrom('student')
      .select('id')
      .where('mobile', '=', DEMO_STUDENT.mobile)
      .executeTakeFirstOrThrow();
    const id = student.id;

    // Coins: recharge 300 + bonus 800, bookings 500, a refund 600; balance = sum of entries.
    const coinTypes = await t.db.selectFrom('coin_log').select('type').where('student_id', '=', id).execute();
    expect(new Set(coinTypes.map((r) => r.type))).toEqual(new Set([300, 800, 500, 600]));
    const { coins } = await t.app.wallet.getCoinBalance(id);
    expect(coins).toBeGreaterThan(0);

    // One card of each type, with recharge (1) and booking (2) entries.
    const cards = await t.app.wallet.getCardList(id);
    expect(cards.map((c) => c.type).sort()).toEqual([100, 200]);
    const bound = await t.db
      .selectFrom('lesson_card')
      .select(['type', 'teacher_id'])
      .where('student_id', '=', id)
      .execute();
    expect(bound.find((c) => c.type === 100)?.teacher_id).not.toBeNull();
    expect(bound.find((c) => c.type === 200)?.teacher_id).toBeNull();
    const cardTypes = await t.db.selectFrom('card_log').select('type').where('student_id', '=', id).execute();
    expect(new Set(cardTypes.map((r) => r.type))).toEqual(new Set([1, 2]));

    // Finished: playback ready, playback expired, missed, cancelled; with reviews and reports.
    const finished = await t.app.courses.getCourseList(id, { scope: 'finished', current: 1, size: 50 });
    const infos = await Promise.all(finished.records.map((c) => t.app.courses.getCourseInfo(id, c.id)));
    const playback = infos.map((i) => i.playback.state).sort();
    // Every state; the weekly classes of the months before (issue 37) add expired and ready ones.
    expect(new Set(playback)).toEqual(new Set(['expired', 'missed', 'none', 'ready']));
    expect(infos.find((i) => i.playback.state === 'missed')?.attended).toBe(false);
    // The lists report the absence too (the web rows say "Missed" as the class page does).
    const missedId = infos.find((i) => i.playback.state === 'missed')!.id;
    expect(finished.records.find((c) => c.id === missedId)?.attended).toBe(false);
    expect(finished.records.filter((c) => c.attended === false)).toHaveLength(1);
    expect(infos.filter((i) => i.status === -200)).toHaveLength(1);
    expect(infos.filter((i) => i.review !== null).length).toBeGreaterThanOrEqual(2);
    // The most recent held class is still open for the student's own review.
    expect(infos.some((i) => i.reviewable)).toBe(true);
    const reports = await t.app.classReviews.getFeedbackList(id, { current: 1, size: 50 });
    // Three of the last weeks and twelve weekly ones before them ("My progress" shows a trend).
    expect(reports.total).toBe(15);
    const report = await t.app.classReviews.getFeedbackInfo(id, {
      id: reports.records[0]!.id,
      ec_id: reports.records[0]!.course_id,
    });
    expect(Object.keys(report.scores).length).toBeGreaterThan(0);
    expect(report.comment).not.toBe('');
    expect(report.homework).not.toBe('');

    // Each held class plays its own teacher's clip (a committed file of the web app).
    const ready = infos.filter((i) => i.playback.state === 'ready');
    expect(ready.length).toBeGreaterThan(0);
    for (const info of ready) {
      expect(info.playback.url).toBe(`/media/recordings/${teacherSlug(info.teacher.name)}.mp4`);
      expect(fs.existsSync(path.join(WEB_PUBLIC, info.playback.url!))).toBe(true);
    }
    expect(new Set(ready.map((i) => i.playback.url)).size).toBeGreaterThan(1);

    // Upcoming: three, paid with coins and with each card; the coin one starts minutes after the
    // seed (its room opens at once), the others a day or more ahead.
    const recent = await t.app.courses.getCourseList(id, { scope: 'recent', current: 1, size: 50 });
    expect(recent.records).toHaveLength(3);
    expect(recent.records.every((c) => c.status === 100)).toBe(true);
    expect(recent.records.map((c) => c.card_type ?? c.pay_type).sort()).toEqual([100, 200, 'coin'].sort());
    const soon = recent.records.find((c) => c.pay_type === 'coin')!;
    const startsIn = Date.parse(soon.start) - Date.now();
    expect(startsIn).toBeGreaterThan((SOON_CLASS_MINUTES - 10) * 60_000);
    expect(startsIn).toBeLessThanOrEqual((SOON_CLASS_MINUTES + 1) * 60_000);
    expect(recent.records[0]!.id).toBe(soon.id);

    // Once per database: a second run adds nothing.
    const run = await createSeedRun(t.db, t.dialect, t.config, { now: t.clock.now() });
    const buyWallet = () => Promise.reject(new Error('the wallet was bought on the first run'));
    expect(await seedDemoCourses(run, id, t.clock.now(), buyWallet)).toBe(false);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

/** The demo student's orders (DESIGN.md §10 "orders in each state"), made through the payments service. */
describe('the demo seed of orders', () => {
  it('has an order in each state, and every coin credit names a paid order', async () => {
    const t = await createTestApp({ env: { SEED_DEMO: '1' } });
    const { id } = await t.db
      .selectFrom('student')
      .select('id')
      .where('mobile', '=', DEMO_STUDENT.mobile)
      .executeTakeFirstOrThrow();

    const orders = await t.db
      .selectFrom('pay_order')
      .select(['order_no', 'status', 'kind', 'card_id', 'provider', 'transaction_id', 'expires_at'])
      .where('student_id', '=', id)
      .execute();
    const count = (status: number, kind?: string) =>
      orders.filter((o) => o.status === status && (kind === undefined || o.kind === kind)).length;
    // Paid: a coin package and an exclusive-teacher card; closed: one by the student, one expired;
    // awaiting: the one made at this start, not yet expired.
    expect(count(200, 'coin')).toBe(1);
    expect(count(200, 'card')).toBe(1);
    expect(count(500)).toBe(2);
    expect(count(0)).toBe(1);
    const awaiting = orders.find((o) => o.status === 0)!;
    expect(Number(awaiting.expires_at)).toBeGreaterThan(Date.now());
    expect(orders.every((o) => o.provider === 'sandbox')).toBe(true);
    // Paid at the sandbox cashier: its notification went through verification (payment_event).
    for (const o of orders.filter((x) => x.status === 200)) {
      expect(o.transaction_id).toBe(`SBX${o.order_no}`);
      const event = await t.db
        .selectFrom('payment_event')
        .select('outcome')
        .where('order_no', '=', o.order_no)
        .executeTakeFirstOrThrow();
      expect(event.outcome).toBe('credited');
    }
    // The card order's card is the student's exclusive-teacher card.
    const cardOrder = orders.find((o) => o.status === 200 && o.kind === 'card')!;
    const card = await t.db
      .selectFrom('lesson_card')
      .select(['type', 'student_id', 'teacher_id'])
      .where('id', '=', cardOrder.card_id!)
      .executeTakeFirstOrThrow();
    expect(card).toMatchObject({ type: 100, student_id: id });
    expect(card.teacher_id).not.toBeNull();

    // Every recharge (300) and bonus (800) entry, of any student, names an existing paid order.
    const credits = await t.db
      .selectFrom('coin_log as l')
      .leftJoin('pay_order as o', 'o.order_no', 'l.order_no')
      .select(['l.id', 'l.type', 'l.order_no', 'o.status'])
      .where('l.type', 'in', [300, 800])
      .execute();
    expect(credits.map((c) => c.type).sort()).toEqual([300, 800]);
    expect(credits.filter((c) => c.order_no === null || c.status !== 200)).toEqual([]);
    expect(await ledgerViolations(t.db)).toEqual([]);

    // A later start adds no closed orders, and no second awaiting one while one awaits.
    const again = {
      studentId: id,
      now: Date.now(),
      orderTtlMinutes: 15,
      sandbox: true,
      origin: 'http://x.test',
    };
    await seedDemoOrders(await createSeedRun(t.db, t.dialect, t.config, { now: again.now }), again);
    expect(
      await t.db.selectFrom('pay_order').select('id').where('student_id', '=', id).execute(),
    ).toHaveLength(orders.length);
    // Once it has expired (the expiry job), the next start opens a fresh one.
    t.clock.advance(Number(awaiting.expires_at) - Date.now() + 1000);
    expect((await t.app.payments.closeExpiredOrders()).closed).toBe(1);
    const later = { ...again, now: Number(awaiting.expires_at) + 1 };
    await seedDemoOrders(await createSeedRun(t.db, t.dialect, t.config, { now: later.now }), later);
    const after = await t.db
      .selectFrom('pay_order')
      .select(['status', 'pay_action'])
      .where('student_id', '=', id)
      .execute();
    expect(after.filter((o) => o.status === 0)).toHaveLength(1);
    expect(after.filter((o) => o.status === 500)).toHaveLength(3);
    expect(after.find((o) => o.status === 0)!.pay_action).toContain('http://x.test/api/v1/pay/sandbox/');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
