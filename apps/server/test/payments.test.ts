import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Page } from '@app/contract/paging';
import { message, type MessageKey } from '@app/contract/messages';
import type { CreatedOrder, Order, ProductList } from '@app/contract/payments';
import { apiUrl, type ApiReply, type Lang } from '../../../test-support/http.ts';
import { createStudentSession, dataOf, type StudentSession } from '../../../test-support/students.ts';
import { isAppError } from '../src/http/app-error.ts';
import { resolveSecret, SECRET_SETTING_KEYS } from '../src/db/secrets.ts';
import type { PaymentProvider, RawNotification } from '../src/providers/payment/payment-provider.ts';
import { createServices, silentLog } from '../src/services.ts';
import {
  SANDBOX_APP_ID,
  signSandboxNotification,
  type SandboxNotificationBody,
} from '../src/providers/payment/sandbox.ts';
import { transportOf } from './helpers/auth.ts';
import {
  DAY,
  HOUR,
  MINUTE,
  ledgerViolations,
  manualClock,
  wholeMinute,
  type ManualClock,
} from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Recharge and payment over HTTP (DESIGN.md §7 "Orders and payment") with the sandbox provider: money
 * received is credited exactly once, whatever arrives how often and in which order, and nothing but
 * a verified payment credits. Notifications are signed here exactly as the sandbox signs them.
 */

const NOW = wholeMinute(Date.now());
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const WECHAT = `${PHONE} MicroMessenger/8.0.50(0x18003231) NetType/WIFI Language/zh_CN`;

type Ctx = { t: TestApp; clock: ManualClock; teacher: number; products: ProductList };
type Student = StudentSession & { ip: string };

async function setup(): Promise<Ctx> {
  const clock = manualClock(NOW);
  const t = await createTestApp({ clock });
  const teacher = await createTeacher(t.db, { price_coins: 100 });
  const products = dataOf<ProductList>(
    await transportOf(t).request({ method: 'GET', url: apiUrl('/pay/getProductList') }),
    'getProductList',
  );
  return { t, clock, teacher, products };
}

let ipCounter = 0;
async function student(ctx: Ctx): Promise<Student> {
  ipCounter++;
  const ip = `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
  return { ...(await createStudentSession(transportOf(ctx.t), { ip })), ip };
}

type CallOptions = { as?: Student; lang?: Lang; headers?: Record<string, string> };

function call(ctx: Ctx, method: 'GET' | 'POST', path: string, body: unknown, o: CallOptions = {}) {
  return transportOf(ctx.t).request({
    method,
    url: apiUrl(path),
    ...(body === undefined ? {} : { body }),
    ...(o.as ? { token: o.as.token, ip: o.as.ip } : {}),
    ...(o.lang ? { lang: o.lang } : {}),
    headers: { 'user-agent': DESKTOP, ...o.headers },
  });
}

/** The first active product of a kind (and card type). */
function productOf(ctx: Ctx, kind: 'coin' | 'card', cardType?: 100 | 200) {
  const product = ctx.products.products.find(
    (p) =>
      p.kind === kind &&
      (cardType === undefined || p.card_type === cardType) &&
      (kind === 'card' || p.bonus_coins > 0),
  );
  if (!product) throw new Error(`no ${kind} product`);
  return product;
}

async function createOrder(ctx: Ctx, as: Student, body: Record<string, unknown> = {}, o: CallOptions = {}) {
  const reply = await call(
    ctx,
    'POST',
    '/pay/createOrder',
    { product_id: productOf(ctx, 'coin').id, pay_method: 'wechat', ...body },
    { ...o, as },
  );
  return dataOf<CreatedOrder>(reply, 'createOrder');
}

async function orderInfo(ctx: Ctx, as: Student, orderNo: string): Promise<Order> {
  return dataOf<Order>(
    await call(ctx, 'GET', `/pay/getOrderInfo?order_no=${orderNo}`, undefined, { as }),
    'info',
  );
}

/** The order's row (read straight from the database: the student's token may have expired on the test clock). */
function orderRow(ctx: Ctx, orderNo: string) {
  return ctx.t.db
    .selectFrom('pay_order')
    .select(['status', 'flagged', 'closed_at'])
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
}

function secretOf(ctx: Ctx): Promise<string> {
  return resolveSecret(ctx.t.db, undefined, SECRET_SETTING_KEYS.paySandboxSecret, ctx.clock.now());
}

/** A notification as the sandbox sends it for a paid order (fields overridable to forge bad ones). */
async function signed(
  ctx: Ctx,
  order: { order_no: string; amount_fen: number },
  overrides: Partial<SandboxNotificationBody> & { secret?: string; timestampSec?: number } = {},
): Promise<RawNotification> {
  const { secret, timestampSec, ...body } = overrides;
  return signSandboxNotification(
    secret ?? (await secretOf(ctx)),
    {
      app_id: SANDBOX_APP_ID,
      out_trade_no: order.order_no,
      transaction_id: `SBX${order.order_no}`,
      amount_fen: order.amount_fen,
      trade_state: 'SUCCESS',
      success_time: new Date(ctx.clock.now()).toISOString(),
      ...body,
    },
    { timestampSec: timestampSec ?? Math.floor(ctx.clock.now() / 1000) },
  );
}

/** POSTs a notification to /pay/notify/sandbox as the provider would (raw bytes, its headers). */
async function notify(ctx: Ctx, raw: RawNotification) {
  const reply = await ctx.t.app.inject({
    method: 'POST',
    url: apiUrl('/pay/notify/sandbox'),
    headers: raw.headers as Record<string, string>,
    payload: raw.rawBody,
  });
  return { status: reply.statusCode, body: reply.body };
}

async function coinLogs(ctx: Ctx, studentId: number) {
  return ctx.t.db
    .selectFrom('coin_log')
    .select(['type', 'amount', 'order_no'])
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
}

async function balance(ctx: Ctx, s: Student): Promise<number> {
  return dataOf<{ coins: number }>(
    await call(ctx, 'GET', '/user/coins/getCoinBalance', undefined, { as: s }),
    'b',
  ).coins;
}

async function events(ctx: Ctx, orderNo: string | null) {
  let query = ctx.t.db.selectFrom('payment_event').select(['outcome', 'reason', 'source']).orderBy('id');
  query = orderNo === null ? query.where('order_no', 'is', null) : query.where('order_no', '=', orderNo);
  return query.execute();
}

function refusalOf(reply: ApiReply) {
  return { status: reply.status, code: reply.envelope?.code, msg: reply.envelope?.msg };
}

function expected(code: number, key: MessageKey, lang: Lang) {
  return { status: code, code, msg: message(key, lang) };
}

describe('products and orders', () => {
  it('lists the packages every fresh database has (coins with bonus, both card types) to visitors, with the methods taken', async () => {
    const ctx = await setup();
    const { products, pay_methods: methods } = ctx.products;
    expect(methods.sort()).toEqual(['alipay', 'wechat']);
    expect(products.some((p) => p.kind === 'coin' && p.bonus_coins > 0)).toBe(true);
    expect(products.filter((p) => p.kind === 'card').map((p) => p.card_type)).toEqual(
      expect.arrayContaining([100, 200]),
    );
    const cards = dataOf<ProductList>(
      await call(ctx, 'GET', '/pay/getProductList?kind=card', undefined),
      'cards',
    );
    expect(cards.products.every((p) => p.kind === 'card' && p.lessons > 0 && p.validity_days > 0)).toBe(true);
    expect((await call(ctx, 'GET', '/pay/getProductList?kind=gold', undefined)).status).toBe(400);
  });

  it('asks for a QR code for WeChat Pay on desktop, a page on a phone, and refuses Alipay inside WeChat in both languages', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const qr = await createOrder(ctx, s);
    expect(qr.pay).toEqual({ qr_code: expect.stringContaining(`/api/v1/pay/sandbox/${qr.order_no}?t=`) });
    expect('qr_code' in qr.pay && qr.pay.qr_code).toMatch(/&via=qr$/);
    expect(qr.amount_fen).toBe(productOf(ctx, 'coin').price_fen);
    expect(Date.parse(qr.expires_at)).toBe(NOW + 15 * MINUTE);
    const page = await createOrder(ctx, s, { pay_method: 'alipay' }, { headers: { 'user-agent': PHONE } });
    expect(page.pay).toEqual({
      redirect_url: expect.stringContaining(`/api/v1/pay/sandbox/${page.order_no}?t=`),
    });
    for (const lang of ['en', 'zh-Hans'] as const) {
      const refused = await call(
        ctx,
        'POST',
        '/pay/createOrder',
        { product_id: productOf(ctx, 'coin').id, pay_method: 'alipay' },
        { as: s, lang, headers: { 'user-agent': WECHAT } },
      );
      expect(refusalOf(refused)).toEqual(expected(422, 'pay.alipayInWechat', lang));
    }
    const inWechat = await createOrder(
      ctx,
      s,
      { pay_method: 'wechat' },
      { headers: { 'user-agent': WECHAT } },
    );
    expect('redirect_url' in inWechat.pay).toBe(true);
  });

  it('binds an exclusive-teacher card to an active teacher and refuses a teacher anywhere else', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const exclusive = productOf(ctx, 'card', 100).id;
    const filipino = productOf(ctx, 'card', 200).id;
    const inactive = await createTeacher(ctx.t.db, { active: false });
    const refuse = async (body: Record<string, unknown>, key: MessageKey) =>
      expect(refusalOf(await call(ctx, 'POST', '/pay/createOrder', body, { as: s }))).toEqual(
        expected(422, key, 'en'),
      );
    await refuse({ product_id: exclusive, pay_method: 'wechat' }, 'pay.teacherRequired');
    await refuse(
      { product_id: exclusive, pay_method: 'wechat', teacher_id: inactive },
      'pay.teacherNotFound',
    );
    await refuse({ product_id: exclusive, pay_method: 'wechat', teacher_id: 999_999 }, 'pay.teacherNotFound');
    await refuse(
      { product_id: filipino, pay_method: 'wechat', teacher_id: ctx.teacher },
      'pay.teacherNotAllowed',
    );
    await refuse({ product_id: 999_999, pay_method: 'wechat' }, 'pay.productNotFound');
    const order = await createOrder(ctx, s, { product_id: exclusive, teacher_id: ctx.teacher });
    const info = await orderInfo(ctx, s, order.order_no);
    expect(info).toMatchObject({ status: 0, kind: 'card', teacher: { id: ctx.teacher }, card_id: null });
    expect(info.pay).toEqual(order.pay);

    expect((await notify(ctx, await signed(ctx, order))).status).toBe(204);
    const paid = await orderInfo(ctx, s, order.order_no);
    expect(paid).toMatchObject({ status: 200, pay: null, card_id: expect.any(Number) });
    const card = await ctx.t.db
      .selectFrom('lesson_card')
      .selectAll()
      .where('id', '=', paid.card_id!)
      .executeTakeFirstOrThrow();
    const product = productOf(ctx, 'card', 100);
    expect(card).toMatchObject({
      student_id: s.studentId,
      type: 100,
      teacher_id: ctx.teacher,
      lessons_left: product.lessons,
      expires_at: NOW + product.validity_days * DAY,
    });
    const logs = await ctx.t.db
      .selectFrom('card_log')
      .select(['type', 'amount'])
      .where('card_id', '=', card.id)
      .execute();
    expect(logs).toEqual([{ type: 1, amount: product.lessons }]);
    expect(await ledgerViolations(ctx.t.db)).toEqual([]);
  });

  it("answers 404 for another student's order (info and close) and lists only the student's own, by status", async () => {
    const ctx = await setup();
    const [a, b] = [await student(ctx), await student(ctx)];
    const order = await createOrder(ctx, a);
    for (const reply of [
      await call(ctx, 'GET', `/pay/getOrderInfo?order_no=${order.order_no}`, undefined, { as: b }),
      await call(ctx, 'POST', '/pay/closeOrder', { order_no: order.order_no }, { as: b }),
    ]) {
      expect(refusalOf(reply)).toEqual(expected(404, 'pay.orderNotFound', 'en'));
    }
    expect((await orderInfo(ctx, a, order.order_no)).status).toBe(0);
    const list = (as: Student, q = '') =>
      call(ctx, 'GET', `/pay/getOrderList${q}`, undefined, { as }).then((r) =>
        dataOf<Page<Order>>(r, 'list'),
      );
    expect((await list(b)).total).toBe(0);
    expect((await list(a)).records.map((o) => o.order_no)).toEqual([order.order_no]);
    expect((await list(a, '?status=200')).total).toBe(0);
    expect((await call(ctx, 'GET', '/pay/getOrderList?status=7', undefined, { as: a })).status).toBe(400);
  });

  it('replays the stored order for the same Idempotency-Key and body, and refuses the key with another body', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const headers = { 'idempotency-key': 'order-key-1' };
    const first = await createOrder(ctx, s, {}, { headers });
    const again = await createOrder(ctx, s, {}, { headers });
    expect(again).toEqual(first);
    const other = await call(
      ctx,
      'POST',
      '/pay/createOrder',
      { product_id: productOf(ctx, 'coin').id, pay_method: 'alipay' },
      { as: s, headers },
    );
    expect(refusalOf(other)).toEqual(expected(409, 'idempotency.keyReused', 'en'));
    const orders = await ctx.t.db.selectFrom('pay_order').select('order_no').execute();
    expect(orders).toEqual([{ order_no: first.order_no }]);
  });
});

describe('notifications: money received is credited exactly once', () => {
  it('credits coins and bonus once when the same valid notification arrives 15 times, then 10 times at once', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const product = productOf(ctx, 'coin');
    const order = await createOrder(ctx, s);
    const raw = await signed(ctx, order);
    for (let i = 0; i < 15; i++) expect((await notify(ctx, raw)).status).toBe(204);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => notify(ctx, raw)));
    expect(concurrent.map((r) => r.status)).toEqual(Array(10).fill(204));

    expect(await coinLogs(ctx, s.studentId)).toEqual([
      { type: 300, amount: product.coins, order_no: order.order_no },
      { type: 800, amount: product.bonus_coins, order_no: order.order_no },
    ]);
    expect(await balance(ctx, s)).toBe(product.coins + product.bonus_coins);
    expect(await orderInfo(ctx, s, order.order_no)).toMatchObject({
      status: 200,
      paid_at: expect.any(String),
    });
    const outcomes = (await events(ctx, order.order_no)).map((e) => e.outcome);
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(24);
    expect(await ledgerViolations(ctx.t.db)).toEqual([]);
  });

  it('refuses a bad signature, a stale timestamp, a wrong amount, an unknown order and another app id: nothing changes, each logged', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const order = await createOrder(ctx, s);
    const nowSec = Math.floor(NOW / 1000);
    const forged: [string, RawNotification, string | null][] = [
      ['bad signature', await signed(ctx, order, { secret: 'not-the-sandbox-secret' }), null],
      ['stale timestamp', await signed(ctx, order, { timestampSec: nowSec - 301 }), null],
      ['future timestamp', await signed(ctx, order, { timestampSec: nowSec + 301 }), null],
      ['another app id', await signed(ctx, order, { app_id: 'someone-else' }), null],
      ['wrong amount', await signed(ctx, order, { amount_fen: order.amount_fen - 1 }), order.order_no],
      [
        'unknown order',
        await signed(ctx, { ...order, order_no: '202601010000009999999999' }),
        '202601010000009999999999',
      ],
    ];
    // A body changed after signing: the signature no longer covers it.
    const valid = await signed(ctx, order);
    forged.push([
      'tampered body',
      { ...valid, rawBody: Buffer.from(valid.rawBody.toString().replace(`${order.amount_fen}`, '1')) },
      null,
    ]);
    for (const [what, raw] of forged) expect((await notify(ctx, raw)).status, what).toBe(400);

    expect(await orderInfo(ctx, s, order.order_no)).toMatchObject({ status: 0, paid_at: null });
    expect(await coinLogs(ctx, s.studentId)).toEqual([]);
    // Authentic ones that do not fit the order keep their record for review; the ones refused by
    // verification (anyone can post those, as often as they like) are counted, not stored.
    const rejected = await ctx.t.db
      .selectFrom('payment_event')
      .select(['outcome', 'reason', 'order_no'])
      .orderBy('id')
      .execute();
    expect(rejected).toEqual([
      { outcome: 'rejected', reason: expect.stringContaining('amount'), order_no: order.order_no },
      { outcome: 'rejected', reason: 'unknown order', order_no: '202601010000009999999999' },
    ]);
    expect(ctx.t.app.payments.refusedNotifications()).toEqual({ sandbox: 5 });
    // The genuine one still credits afterwards.
    expect((await notify(ctx, valid)).status).toBe(204);
    expect((await orderInfo(ctx, s, order.order_no)).status).toBe(200);
  });

  it('credits a payment for a closed order once and flags it for review', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const order = await createOrder(ctx, s);
    const closed = await call(ctx, 'POST', '/pay/closeOrder', { order_no: order.order_no }, { as: s });
    expect(dataOf<Order>(closed, 'close').status).toBe(500);
    const raw = await signed(ctx, order);
    expect((await notify(ctx, raw)).status).toBe(204);
    expect((await notify(ctx, raw)).status).toBe(204);
    expect(await orderInfo(ctx, s, order.order_no)).toMatchObject({
      status: 200,
      closed_at: expect.any(String),
    });
    const row = await ctx.t.db.selectFrom('pay_order').select('flagged').executeTakeFirstOrThrow();
    expect(row.flagged).toBe(1);
    expect((await coinLogs(ctx, s.studentId)).map((l) => l.type)).toEqual([300, 800]);
    expect((await events(ctx, order.order_no)).map((e) => e.outcome)).toEqual([
      'credited_after_close',
      'duplicate',
    ]);
  });

  it('keeps a paid order paid when a close comes after it: the student (409) or a provider CLOSED notification', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const order = await createOrder(ctx, s);
    expect((await notify(ctx, await signed(ctx, order))).status).toBe(204);
    for (const lang of ['en', 'zh-Hans'] as const) {
      const reply = await call(ctx, 'POST', '/pay/closeOrder', { order_no: order.order_no }, { as: s, lang });
      expect(refusalOf(reply)).toEqual(expected(409, 'pay.orderAlreadyPaid', lang));
    }
    expect((await notify(ctx, await signed(ctx, order, { trade_state: 'CLOSED' }))).status).toBe(204);
    ctx.clock.advance(HOUR);
    await ctx.t.app.jobs.runOnce('payments.close-expired-orders');
    expect(await orderRow(ctx, order.order_no)).toMatchObject({ status: 200, closed_at: null });
    expect((await coinLogs(ctx, s.studentId)).map((l) => l.type)).toEqual([300, 800]);
  });
});

describe('notifications refused by verification', () => {
  it('are counted, not stored one row per request; a genuine one keeps its record', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const order = await createOrder(ctx, s);
    const forged = await signed(ctx, order, { secret: 'not-the-sandbox-secret' });
    const replies = await Promise.all(Array.from({ length: 40 }, () => notify(ctx, forged)));
    expect(replies.map((r) => r.status)).toEqual(Array(40).fill(400));
    ctx.clock.advance(MINUTE);
    for (let i = 0; i < 10; i++) expect((await notify(ctx, forged)).status).toBe(400);

    expect(await ctx.t.db.selectFrom('payment_event').select('id').execute()).toEqual([]);
    expect(ctx.t.app.payments.refusedNotifications()).toEqual({ sandbox: 50 });
    expect((await orderInfo(ctx, s, order.order_no)).status).toBe(0);
    expect((await notify(ctx, await signed(ctx, order))).status).toBe(204);
    expect((await events(ctx, order.order_no)).map((e) => [e.outcome, e.source])).toEqual([
      ['credited', 'notify'],
    ]);
  });
});

describe('at most 5 open orders per student', () => {
  const open = (ctx: Ctx, studentId: number) =>
    ctx.t.db
      .selectFrom('pay_order')
      .select('order_no')
      .where('student_id', '=', studentId)
      .where('status', '=', 0)
      .execute();

  it("refuses a sixth with 409 in the student's language; paying, closing or the expiry of one frees a place", async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await createOrder(ctx, s));
    const body = { product_id: productOf(ctx, 'coin').id, pay_method: 'wechat' };
    for (const lang of ['zh-Hans', 'en'] as const) {
      const sixth = await call(ctx, 'POST', '/pay/createOrder', body, { as: s, lang });
      expect(refusalOf(sixth)).toEqual({
        status: 409,
        code: 409,
        msg: message('pay.tooManyOpenOrders', lang, { max: 5 }),
      });
    }
    // With an Idempotency-Key too; the refusal is its stored reply.
    const keyed = await call(ctx, 'POST', '/pay/createOrder', body, {
      as: s,
      headers: { 'idempotency-key': 'sixth-1' },
    });
    expect(refusalOf(keyed).code).toBe(409);
    expect(await open(ctx, s.studentId)).toHaveLength(5);
    // Another student is not limited by this one's orders.
    await createOrder(ctx, await student(ctx));

    expect((await notify(ctx, await signed(ctx, orders[0]!))).status).toBe(204);
    const afterPaying = await createOrder(ctx, s);
    expect(refusalOf(await call(ctx, 'POST', '/pay/createOrder', body, { as: s })).code).toBe(409);
    const closed = await call(ctx, 'POST', '/pay/closeOrder', { order_no: orders[1]!.order_no }, { as: s });
    expect(dataOf<Order>(closed, 'close').status).toBe(500);
    await createOrder(ctx, s);
    expect(refusalOf(await call(ctx, 'POST', '/pay/createOrder', body, { as: s })).code).toBe(409);
    // Past its expiry an order is not open any more, even before the job closes it.
    ctx.clock.advance(15 * MINUTE);
    expect((await open(ctx, s.studentId)).map((o) => o.order_no)).toContain(afterPaying.order_no);
    for (let i = 0; i < 5; i++) await createOrder(ctx, s);
    expect(refusalOf(await call(ctx, 'POST', '/pay/createOrder', body, { as: s })).code).toBe(409);
  });

  it('never leaves more than 5 open when one student creates 12 at once, with or without Idempotency-Keys', async () => {
    const ctx = await setup();
    for (const keyed of [false, true]) {
      const s = await student(ctx);
      const body = { product_id: productOf(ctx, 'coin').id, pay_method: 'wechat' };
      const replies = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          call(ctx, 'POST', '/pay/createOrder', body, {
            as: s,
            ...(keyed ? { headers: { 'idempotency-key': `burst-${i}` } } : {}),
          }),
        ),
      );
      const codes = replies.map((r) => r.envelope?.code).sort();
      expect(codes).toEqual([...Array(5).fill(200), ...Array(7).fill(409)]);
      expect(await open(ctx, s.studentId)).toHaveLength(5);
    }
  });
});

describe('jobs', () => {
  it('credits an order closed at expiry and then paid with its notification lost within two reconciliations behind 1,000 abandoned orders: once, flagged for staff, paid for the student', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const abandoner = await student(ctx);
    await insertAbandoned(ctx, abandoner.studentId, 1000, NOW);
    const order = await createOrder(ctx, s);
    ctx.clock.advance(16 * MINUTE);
    expect(await ctx.t.app.jobs.runOnce('payments.close-expired-orders')).toEqual({ closed: 1001 });
    expect((await orderRow(ctx, order.order_no)).status).toBe(500);
    // Paid at the provider after our expiry closed it (a payment under way); the notification is lost.
    await ctx.t.app.payments.sandbox!.pay(
      { orderNo: order.order_no, amountFen: order.amount_fen },
      ctx.clock.now(),
    );

    for (let run = 0; run < 2; run++) {
      ctx.clock.advance(5 * MINUTE);
      await ctx.t.app.jobs.runOnce('payments.reconcile');
    }
    expect(await orderRow(ctx, order.order_no)).toMatchObject({ status: 200, flagged: 1 });
    expect((await orderInfo(ctx, s, order.order_no)).status).toBe(200);
    // More runs and the late notification credit nothing more.
    for (let run = 0; run < 3; run++) {
      ctx.clock.advance(5 * MINUTE);
      await ctx.t.app.jobs.runOnce('payments.reconcile');
    }
    expect((await notify(ctx, await signed(ctx, order))).status).toBe(204);
    expect((await coinLogs(ctx, s.studentId)).map((l) => [l.type, l.order_no])).toEqual([
      [300, order.order_no],
      [800, order.order_no],
    ]);
    expect((await events(ctx, order.order_no)).map((e) => [e.outcome, e.source])).toEqual([
      ['credited_after_close', 'reconcile'],
      ['duplicate', 'notify'],
    ]);
    expect(await ledgerViolations(ctx.t.db)).toEqual([]);
  });

  it('asks again with a growing delay and stops at a final answer: paid, closed, or unknown after expiry', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const answers = new Map<string, 'closed' | 'unknown' | 'awaiting' | 'fails'>();
    const asked: string[] = [];
    const sandbox = ctx.t.app.payments.sandbox!;
    // The provider as the payments service sees it: the sandbox, answering as told for some orders.
    const provider: PaymentProvider = {
      ...sandbox,
      async queryPayment(orderNo) {
        asked.push(orderNo);
        const answer = answers.get(orderNo);
        if (answer === 'fails') throw new Error('provider down');
        if (answer) return { status: answer };
        return sandbox.queryPayment(orderNo);
      },
    };
    const { payments } = await createServices({
      db: ctx.t.db,
      dialect: ctx.t.dialect,
      clock: ctx.clock,
      config: { ...ctx.t.config, ORDER_TTL_MINUTES: 15 },
      log: silentLog,
      paymentProviders: new Map([['wechat', provider]]),
    });
    const open = async (answer?: 'closed' | 'unknown' | 'awaiting' | 'fails') => {
      const created = await payments.createOrder({
        studentId: s.studentId,
        productId: productOf(ctx, 'coin').id,
        payMethod: 'wechat',
        client: 'desktop',
        clientIp: '203.0.113.9',
        origin: 'http://localhost',
      });
      if (answer) answers.set(created.order_no, answer);
      return created.order_no;
    };
    const [closed, unknown, awaiting, failing, paid] = [
      await open('closed'),
      await open('unknown'),
      await open('awaiting'),
      await open('fails'),
      await open(),
    ];
    await sandbox.pay({ orderNo: paid, amountFen: productOf(ctx, 'coin').price_fen }, ctx.clock.now());
    const run = async () => {
      asked.length = 0;
      const summary = await payments.reconcile();
      return { summary, asked: [...asked].sort() };
    };
    const sorted = (...orderNos: string[]) => orderNos.sort();

    // Before expiry: "unknown" may still change (the student may open the cashier).
    expect(await run()).toEqual({
      summary: { checked: 5, credited: 1, settled: 2, failed: 1 },
      asked: sorted(closed, unknown, awaiting, failing, paid),
    });
    expect((await orderRow(ctx, paid)).status).toBe(200);
    // Asked again only after the delay: 5 min, then 10, then 20.
    expect((await run()).asked).toEqual([]);
    ctx.clock.advance(5 * MINUTE - 1000);
    expect((await run()).asked).toEqual([]);
    ctx.clock.advance(1000);
    expect((await run()).asked).toEqual(sorted(unknown, awaiting, failing));
    ctx.clock.advance(10 * MINUTE - 1000);
    expect((await run()).asked).toEqual([]);
    ctx.clock.advance(1000);
    expect((await run()).asked).toEqual(sorted(unknown, awaiting, failing));
    // 35 min after creation: unknown 20 min after the expiry is final; the others go on.
    ctx.clock.advance(20 * MINUTE);
    expect(await run()).toEqual({
      summary: { checked: 3, credited: 0, settled: 1, failed: 1 },
      asked: sorted(unknown, awaiting, failing),
    });
    // Every 5 minutes a run, until a day after the retry window (25 h after creation) has passed:
    // the unsettled are asked at most every 4 hours, and never after the window.
    let lastAsked = 0;
    while (ctx.clock.now() < NOW + 26 * HOUR) {
      ctx.clock.advance(5 * MINUTE);
      if ((await run()).asked.length > 0) lastAsked = ctx.clock.now();
    }
    ctx.clock.advance(DAY);
    expect((await run()).asked).toEqual([]);
    expect(lastAsked).toBeLessThanOrEqual(NOW + 25 * HOUR);
    const attempts = await ctx.t.db
      .selectFrom('pay_order')
      .select(['order_no', 'check_attempts', 'check_next_at'])
      .where('order_no', 'in', [closed, unknown, awaiting, failing, paid])
      .execute();
    // Asked at 0, 5, 15, 35, 75, 155, 315 min, then every 4 h until the window ends.
    expect(
      Object.fromEntries(attempts.map((a) => [a.order_no, [a.check_attempts, a.check_next_at]])),
    ).toEqual({
      [closed]: [1, null],
      [paid]: [1, null],
      [unknown]: [4, null],
      [awaiting]: [11, null],
      [failing]: [11, null],
    });
  });

  it('closes awaiting orders at their expiry, not before', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const order = await createOrder(ctx, s);
    ctx.clock.advance(15 * MINUTE - 1000);
    await ctx.t.app.jobs.runOnce('payments.close-expired-orders');
    expect((await orderInfo(ctx, s, order.order_no)).status).toBe(0);
    ctx.clock.advance(1000);
    await ctx.t.app.jobs.runOnce('payments.close-expired-orders');
    expect(await orderInfo(ctx, s, order.order_no)).toMatchObject({
      status: 500,
      closed_at: expect.any(String),
      pay: null,
    });
  });

  it('reconciles a payment whose notification never arrived (credited once), within 25 hours of the order', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const lost = await createOrder(ctx, s);
    const old = await createOrder(ctx, s);
    const sandbox = ctx.t.app.payments.sandbox!;
    // Paid at the provider; the notification is lost (never posted).
    await sandbox.pay({ orderNo: lost.order_no, amountFen: lost.amount_fen }, ctx.clock.now());
    ctx.clock.advance(20 * MINUTE);
    await ctx.t.app.jobs.runOnce('payments.close-expired-orders');
    await sandbox.pay({ orderNo: old.order_no, amountFen: old.amount_fen }, ctx.clock.now());
    // `old` is past the 25-hour window when the job first runs; `lost` is checked just in time.
    ctx.clock.set(NOW + 25 * HOUR - MINUTE);
    await ctx.t.db
      .updateTable('pay_order')
      .set({ created_at: NOW - 2 * DAY })
      .where('order_no', '=', old.order_no)
      .execute();
    await ctx.t.app.jobs.runOnce('payments.reconcile');
    await ctx.t.app.jobs.runOnce('payments.reconcile');
    expect(await orderRow(ctx, lost.order_no)).toMatchObject({ status: 200, flagged: 1 });
    expect((await orderRow(ctx, old.order_no)).status).toBe(500);
    expect((await coinLogs(ctx, s.studentId)).map((l) => [l.type, l.order_no])).toEqual([
      [300, lost.order_no],
      [800, lost.order_no],
    ]);
    expect((await events(ctx, lost.order_no)).map((e) => [e.outcome, e.source])).toEqual([
      ['credited_after_close', 'reconcile'],
    ]);
  });
});

/**
 * `count` orders of the student nobody paid, created one a minute before `before` (the newest last),
 * as createOrder makes them: one bulk insert per 500.
 */
async function insertAbandoned(ctx: Ctx, studentId: number, count: number, before: number) {
  const product = productOf(ctx, 'coin');
  const { kind: _kind, ...snapshot } = product;
  const rows = Array.from({ length: count }, (_, i) => {
    const createdAt = before - (count - i) * MINUTE;
    return {
      order_no: `${20260101000000 + i}${String(studentId).padStart(6, '0')}7777`,
      student_id: studentId,
      product_id: product.id,
      product: JSON.stringify(snapshot),
      kind: 'coin' as const,
      amount_fen: product.price_fen,
      pay_method: 'wechat' as const,
      provider: 'sandbox' as const,
      pay_action: JSON.stringify({ qr_code: 'http://localhost/abandoned' }),
      status: 0,
      teacher_id: null,
      created_at: createdAt,
      expires_at: createdAt + 15 * MINUTE,
      paid_at: null,
      closed_at: null,
      transaction_id: null,
      card_id: null,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await ctx.t.db
      .insertInto('pay_order')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

describe('the sandbox cashier', () => {
  /** The action of a form on the cashier page. */
  function formAction(html: string, action: 'pay' | 'cancel'): string {
    const match = new RegExp(`action="([^"]*/${action}\\?[^"]*)"`).exec(html);
    if (!match) throw new Error(`no ${action} form in ${html.slice(0, 300)}`);
    return match[1]!.replace(/&#38;/g, '&');
  }

  it('pays through its page over HTTP: order paid, balance and coin records updated, back to the recharge page', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const product = productOf(ctx, 'coin');
    const order = await createOrder(ctx, s, { pay_method: 'alipay' });
    const url = new URL('redirect_url' in order.pay ? order.pay.redirect_url : '');
    const page = await ctx.t.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { 'accept-language': 'en-GB,en' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`¥${product.price_fen / 100}.00`);
    expect(page.body).toContain('Sandbox cashier');
    expect(page.body).not.toMatch(/<script/i);
    const zh = await ctx.t.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body).toContain('沙箱收银台');

    const paid = await ctx.t.app.inject({
      method: 'POST',
      url: formAction(page.body, 'pay'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/user/recharge?order_no=${order.order_no}`);
    expect(await orderInfo(ctx, s, order.order_no)).toMatchObject({ status: 200 });
    expect(await balance(ctx, s)).toBe(product.coins + product.bonus_coins);
    const logs = dataOf<Page<{ type: number; order_no: string }>>(
      await call(ctx, 'GET', '/user/coins/getCoinLogs', undefined, { as: s }),
      'logs',
    );
    expect(logs.records.map((l) => [l.type, l.order_no])).toEqual([
      [800, order.order_no],
      [300, order.order_no],
    ]);
    // The sandbox's notification went through verification like any provider's.
    expect((await events(ctx, order.order_no)).map((e) => [e.outcome, e.source])).toEqual([
      ['credited', 'cashier'],
    ]);
    // Pressing Pay again credits nothing more.
    await ctx.t.app.inject({ method: 'POST', url: formAction(page.body, 'pay'), payload: '' });
    expect(await balance(ctx, s)).toBe(product.coins + product.bonus_coins);
  });

  it('stays on the page for a scanned QR code, cancels without paying, and refuses a wrong link token', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const order = await createOrder(ctx, s);
    const url = new URL('qr_code' in order.pay ? order.pay.qr_code : '');
    const page = await ctx.t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.body).toContain('沙箱收银台');
    const cancelled = await ctx.t.app.inject({
      method: 'POST',
      url: formAction(page.body, 'cancel'),
      payload: '',
    });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toMatch(/notice=cancelled/);
    expect((await orderInfo(ctx, s, order.order_no)).status).toBe(0);

    const wrong = await ctx.t.app.inject({ method: 'GET', url: `${url.pathname}?t=wrong&lang=en` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain('Cashier link not valid');
    const wrongPay = await ctx.t.app.inject({
      method: 'POST',
      url: `${url.pathname}/pay?t=wrong`,
      payload: '',
    });
    expect(wrongPay.statusCode).toBe(404);
    expect((await orderInfo(ctx, s, order.order_no)).status).toBe(0);

    const paid = await ctx.t.app.inject({ method: 'POST', url: formAction(page.body, 'pay'), payload: '' });
    expect(paid.statusCode).toBe(303);
    const after = await ctx.t.app.inject({ method: 'GET', url: String(paid.headers.location) });
    expect(after.body).toContain('支付成功');
    expect(after.body).not.toContain('/pay?');
    expect((await orderInfo(ctx, s, order.order_no)).status).toBe(200);
  });
});

describe('the ledger invariant', () => {
  it('holds after a randomized mix of orders, payments, replays, closes, expiries, reconciliations and bookings', async () => {
    const ctx = await setup();
    const students = [await student(ctx), await student(ctx)];
    const payments = ctx.t.app.payments;
    const coin = productOf(ctx, 'coin');
    let slot = 0;
    /** A business refusal (not enough coins, already paid) is part of the mix; anything else fails the test. */
    const refusalOnly = (error: unknown) => {
      if (!isAppError(error) || error.code >= 500) throw error;
    };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('order' as const), who: fc.nat(1), card: fc.boolean() }),
      fc.record({
        kind: fc.constant('notify' as const),
        pick: fc.nat(50),
        times: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constant('close' as const), pick: fc.nat(50) }),
      fc.record({ kind: fc.constant('expire' as const) }),
      fc.record({ kind: fc.constant('reconcile' as const), pick: fc.nat(50) }),
      fc.record({ kind: fc.constant('book' as const), who: fc.nat(1) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        const orders: { order_no: string; amount_fen: number; who: number }[] = [];
        const pick = (n: number) => orders[n % Math.max(1, orders.length)];
        for (const o of ops) {
          // Service calls where a session would be needed: the clock runs past token lifetimes here.
          if (o.kind === 'order') {
            // Refused (409) when the student already has 5 orders awaiting payment.
            const created = await payments
              .createOrder({
                studentId: students[o.who]!.studentId,
                productId: o.card ? productOf(ctx, 'card', 200).id : coin.id,
                payMethod: o.card ? 'alipay' : 'wechat',
                client: 'desktop',
                clientIp: '203.0.113.1',
                origin: 'http://localhost:3000',
              })
              .catch(refusalOnly);
            if (created) orders.push({ ...created, who: o.who });
          } else if (o.kind === 'notify' && pick(o.pick)) {
            const raw = await signed(ctx, pick(o.pick)!);
            await Promise.all(Array.from({ length: o.times }, () => notify(ctx, raw)));
          } else if (o.kind === 'close' && pick(o.pick)) {
            const target = pick(o.pick)!;
            await payments.closeOrder(students[target.who]!.studentId, target.order_no).catch(refusalOnly);
          } else if (o.kind === 'expire') {
            ctx.clock.advance(16 * MINUTE);
            await ctx.t.app.jobs.runOnce('payments.close-expired-orders');
          } else if (o.kind === 'reconcile' && pick(o.pick)) {
            const target = pick(o.pick)!;
            await payments.sandbox!.pay(
              { orderNo: target.order_no, amountFen: target.amount_fen },
              ctx.clock.now(),
            );
            await ctx.t.app.jobs.runOnce('payments.reconcile');
          } else if (o.kind === 'book') {
            const slotId = await createSlot(ctx.t.db, ctx.teacher, {
              start_at: wholeMinute(ctx.clock.now()) + 2 * DAY + (slot++ % 200) * 30 * MINUTE,
              minutes: 25,
            });
            await ctx.t.app.courses
              .book({ studentId: students[o.who]!.studentId, slotId, payType: 'coin' })
              .catch(refusalOnly);
          }
        }
        expect(await ledgerViolations(ctx.t.db)).toEqual([]);
        // Every paid order was credited exactly once, and nothing else credited.
        const paid = await ctx.t.db
          .selectFrom('pay_order')
          .select(['order_no', 'kind'])
          .where('status', '=', 200)
          .execute();
        const recharges = await ctx.t.db
          .selectFrom('coin_log')
          .select('order_no')
          .where('type', '=', 300)
          .execute();
        const paidCoinOrders = paid.filter((p) => p.kind === 'coin').map((p) => p.order_no);
        expect(recharges.map((r) => r.order_no).sort()).toEqual(paidCoinOrders.sort());
        const cards = await ctx.t.db.selectFrom('card_log').select('id').where('type', '=', 1).execute();
        expect(cards).toHaveLength(paid.length - paidCoinOrders.length);
      }),
      { numRuns: 12 },
    );
  });
});
