import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAlipayProvider, type AlipaySettings } from './alipay.ts';
import type { PaymentRequest } from './payment-provider.ts';
import { PaymentProviderError } from './payment-wire.ts';

// Two key pairs, as in production: the merchant's (signs our requests; Alipay holds the public
// half) and Alipay's (signs notifications and replies; we hold the public half).
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

const APP_ID = '2021000000000001';
const SELLER_ID = '2088000000000001';

const settings: AlipaySettings = {
  appId: APP_ID,
  privateKey: pem(merchant.privateKey, 'pkcs8'),
  alipayPublicKey: pem(alipay.publicKey, 'spki'),
  sellerId: SELLER_ID,
};

/** Signs the way Alipay signs a notification: every parameter but sign and sign_type, sorted, `k=v&…`. */
function signNotification(params: Record<string, string>, key: KeyObject = alipay.privateKey): string {
  const content = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

function notificationFixture(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    gmt_create: '2026-05-20 10:00:00',
    charset: 'utf-8',
    seller_email: 'school@example.com',
    subject: '学习币 600',
    buyer_id: '2088102122524333',
    invoice_amount: '0.01',
    notify_id: '2026052000222100000000000000000001',
    fund_bill_list: '[{"amount":"0.01","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: '0.01',
    app_id: APP_ID,
    buyer_pay_amount: '0.01',
    seller_id: SELLER_ID,
    gmt_payment: '2026-05-20 10:00:05',
    notify_time: '2026-05-20 10:00:06',
    version: '1.0',
    out_trade_no: 'P202605200001',
    total_amount: '0.01',
    trade_no: '2026052022001400000000000001',
    auth_app_id: APP_ID,
    point_amount: '0.00',
    ...overrides,
  };
}

/** The raw form body Alipay posts: the signed parameters plus sign and sign_type. */
function notificationBody(params: Record<string, string>, sign = signNotification(params)): Buffer {
  return Buffer.from(new URLSearchParams({ ...params, sign, sign_type: 'RSA2' }).toString());
}

const now = Date.UTC(2026, 4, 20, 2, 0, 10);
const verify = (rawBody: Buffer, provider = createAlipayProvider(settings)) =>
  provider.verifyNotification(
    { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody },
    now,
  );

describe('Alipay notifications', () => {
  it('accepts a notification signed by Alipay: paid, amount in exact fen, trade_no, Beijing gmt_payment', async () => {
    const outcome = await verify(notificationBody(notificationFixture()));
    expect(outcome).toEqual({
      kind: 'paid',
      payment: {
        orderNo: 'P202605200001',
        transactionId: '2026052022001400000000000001',
        amountFen: 1,
        // 10:00:05 in Beijing is 02:00:05 UTC.
        paidAt: Date.UTC(2026, 4, 20, 2, 0, 5),
      },
    });
  });

  it.each([
    ['0.01', 1],
    ['0.1', 10],
    ['19.90', 1990],
    ['1999.90', 199990],
    ['600', 60000],
    ['99999999.99', 9999999999],
  ])('reads total_amount %s as %i fen', async (totalAmount, fen) => {
    const outcome = await verify(notificationBody(notificationFixture({ total_amount: totalAmount })));
    expect(outcome.kind === 'paid' && outcome.payment.amountFen).toBe(fen);
  });

  it('treats TRADE_FINISHED as paid too', async () => {
    const outcome = await verify(
      notificationBody(notificationFixture({ trade_status: 'TRADE_FINISHED', total_amount: '1999.90' })),
    );
    expect(outcome).toMatchObject({ kind: 'paid', payment: { amountFen: 199990 } });
  });

  it('accepts values percent-encoded with %20 as well as +, and non-ASCII subjects', async () => {
    const params = notificationFixture({ subject: '课时卡 10 节 & 赠送' });
    const sign = signNotification(params);
    const body = Object.entries({ ...params, sign, sign_type: 'RSA2' })
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('&');
    expect(body).toContain('%20');
    expect((await verify(Buffer.from(body))).kind).toBe('paid');
  });

  it.each([['1.999'], ['-1.00'], ['1e3'], ['01.00'], ['1,00'], [''], [' 1.00'], ['12345678901.00']])(
    'refuses a malformed total_amount %j even with a valid signature',
    async (totalAmount) => {
      const outcome = await verify(notificationBody(notificationFixture({ total_amount: totalAmount })));
      expect(outcome).toEqual({ kind: 'rejected', reason: 'malformed total_amount' });
    },
  );

  it('refuses a body changed after signing (amount raised)', async () => {
    const params = notificationFixture();
    const sign = signNotification(params);
    const outcome = await verify(notificationBody({ ...params, total_amount: '600.00' }, sign));
    expect(outcome).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/bad signature/) });
  });

  it('refuses a parameter smuggled in after signing', async () => {
    const params = notificationFixture();
    const sign = signNotification(params);
    const outcome = await verify(notificationBody({ ...params, extra: 'x' }, sign));
    expect(outcome).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/bad signature/) });
  });

  it('refuses a notification signed with another key', async () => {
    const params = notificationFixture();
    const outcome = await verify(notificationBody(params, signNotification(params, stranger.privateKey)));
    expect(outcome).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/bad signature/) });
  });

  it('refuses a notification signed with our own merchant key (only Alipay signs notifications)', async () => {
    const params = notificationFixture();
    const outcome = await verify(notificationBody(params, signNotification(params, merchant.privateKey)));
    expect(outcome).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/bad signature/) });
  });

  it('refuses a notification without sign', async () => {
    const body = Buffer.from(new URLSearchParams({ ...notificationFixture(), sign_type: 'RSA2' }).toString());
    expect(await verify(body)).toEqual({ kind: 'rejected', reason: 'missing sign' });
  });

  it('refuses the legacy RSA (SHA-1) sign_type', async () => {
    const params = notificationFixture();
    const body = Buffer.from(
      new URLSearchParams({ ...params, sign: signNotification(params), sign_type: 'RSA' }).toString(),
    );
    expect(await verify(body)).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/RSA2/) });
  });

  it('refuses a parameter sent twice', async () => {
    const body = Buffer.concat([notificationBody(notificationFixture()), Buffer.from('&total_amount=0.01')]);
    expect(await verify(body)).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/twice/) });
  });

  it('refuses a validly signed notification for another app_id', async () => {
    const outcome = await verify(notificationBody(notificationFixture({ app_id: '2021000000000999' })));
    expect(outcome).toEqual({ kind: 'rejected', reason: 'app_id 2021000000000999 is not ours' });
  });

  it('refuses a validly signed notification for another seller_id when sellerId is configured', async () => {
    const body = notificationBody(notificationFixture({ seller_id: '2088000000000999' }));
    expect(await verify(body)).toEqual({
      kind: 'rejected',
      reason: 'seller_id 2088000000000999 is not ours',
    });
    // Without a configured seller only the app id is checked.
    const lenient = createAlipayProvider({ ...settings, sellerId: undefined });
    expect((await verify(body, lenient)).kind).toBe('paid');
  });

  it.each([['WAIT_BUYER_PAY'], ['TRADE_CLOSED']])('acknowledges %s without paying', async (tradeStatus) => {
    const outcome = await verify(notificationBody(notificationFixture({ trade_status: tradeStatus })));
    expect(outcome).toEqual({
      kind: 'ignored',
      orderNo: 'P202605200001',
      reason: `trade_status ${tradeStatus}`,
    });
  });

  it('refuses a paid notification whose gmt_payment and notify_time are not Beijing times', async () => {
    const outcome = await verify(
      notificationBody(notificationFixture({ gmt_payment: '2026-02-30 10:00:00', notify_time: 'soon' })),
    );
    expect(outcome).toEqual({ kind: 'rejected', reason: 'malformed gmt_payment' });
  });

  it('replies exactly `success` when accepted and `fail` otherwise', () => {
    const provider = createAlipayProvider(settings);
    expect(provider.notificationReply(true)).toEqual({
      status: 200,
      contentType: 'text/plain',
      body: 'success',
    });
    expect(provider.notificationReply(true).body).toHaveLength(7);
    expect(provider.notificationReply(false).body).toBe('fail');
  });
});

/** Checks a request the way Alipay's gateway does: every parameter but sign, sorted, RSA2 with the app's public key. */
function expectSignedByMerchant(params: URLSearchParams): void {
  const entries = [...params.entries()].filter(([k]) => k !== 'sign');
  const keys = entries.map(([k]) => k);
  expect(new Set(keys).size).toBe(keys.length);
  const content = entries
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const ok = createVerify('RSA-SHA256')
    .update(content, 'utf8')
    .verify(merchant.publicKey, params.get('sign') ?? '', 'base64');
  expect(ok, `request signature over ${content}`).toBe(true);
  expect(params.get('sign_type')).toBe('RSA2');
  expect(params.get('app_id')).toBe(APP_ID);
}

const request: PaymentRequest = {
  orderNo: 'P202605200002',
  amountFen: 199990,
  subject: '学习币 600',
  method: 'alipay',
  client: 'desktop',
  // 2026-05-20 10:30:00 in Beijing.
  expiresAt: Date.UTC(2026, 4, 20, 2, 30, 0),
  notifyUrl: 'https://school.example.com/api/v1/pay/notify/alipay',
  returnUrl: 'https://school.example.com/user/orders/P202605200002',
  clientIp: '203.0.113.7',
};

describe('Alipay payment links', () => {
  it('builds a signed alipay.trade.page.pay URL for desktop with yuan from integer fen', async () => {
    const action = await createAlipayProvider(settings).createPayment(request);
    expect(action).toHaveProperty('redirect_url');
    const url = new URL((action as { redirect_url: string }).redirect_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
    const params = url.searchParams;
    expectSignedByMerchant(params);
    expect(params.get('method')).toBe('alipay.trade.page.pay');
    expect(params.get('charset')).toBe('utf-8');
    expect(params.get('notify_url')).toBe(request.notifyUrl);
    expect(params.get('return_url')).toBe(request.returnUrl);
    // Alipay reads timestamp as Beijing time, whatever TZ the server runs in.
    const stamp = params.get('timestamp') ?? '';
    const stampMs = Date.parse(`${stamp.replace(' ', 'T')}+08:00`);
    expect(Math.abs(stampMs - Date.now())).toBeLessThan(60_000);
    expect(JSON.parse(params.get('biz_content') ?? '{}')).toEqual({
      out_trade_no: 'P202605200002',
      total_amount: '1999.90',
      subject: '学习币 600',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2026-05-20 10:30:00',
    });
  });

  it('builds alipay.trade.wap.pay for phone browsers, with quit_url and a one-fen amount', async () => {
    const provider = createAlipayProvider({
      ...settings,
      gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    });
    const action = await provider.createPayment({ ...request, amountFen: 1, client: 'mobile' });
    const url = new URL((action as { redirect_url: string }).redirect_url);
    expect(url.host).toBe('openapi-sandbox.dl.alipaydev.com');
    expectSignedByMerchant(url.searchParams);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(url.searchParams.get('biz_content') ?? '{}')).toMatchObject({
      total_amount: '0.01',
      product_code: 'QUICK_WAP_WAY',
      quit_url: request.returnUrl,
    });
  });

  it('takes a PKCS#1 private key and bare base64 keys as the Alipay console shows them', async () => {
    const bare = (text: string) => text.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const provider = createAlipayProvider({
      ...settings,
      privateKey: merchant.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      alipayPublicKey: bare(pem(alipay.publicKey, 'spki')),
    });
    const url = new URL(((await provider.createPayment(request)) as { redirect_url: string }).redirect_url);
    expectSignedByMerchant(url.searchParams);
    expect((await verify(notificationBody(notificationFixture()), provider)).kind).toBe('paid');
  });

  it('refuses to start with an unreadable key', () => {
    expect(() => createAlipayProvider({ ...settings, privateKey: 'not a key' })).toThrow(/privateKey/);
  });
});

describe('Alipay gateway calls (a local HTTP server as the gateway)', () => {
  type Call = { method: string; params: URLSearchParams; biz: Record<string, unknown> };
  let server: Server;
  let gateway: string;
  let calls: Call[];
  /** What the fake gateway answers: the `…_response` object, signed with Alipay's key unless told otherwise. */
  let answer: (call: Call) => { reply: object; key?: string; signWith?: KeyObject | null };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        // The official SDK's split: system parameters in the URL, biz_content in the form body.
        const params = new URL(req.url ?? '/', 'http://gateway').searchParams;
        for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) {
          params.append(k, v);
        }
        const method = params.get('method') ?? '';
        const call: Call = { method, params, biz: JSON.parse(params.get('biz_content') ?? '{}') };
        calls.push(call);
        const { reply, key, signWith } = answer(call);
        const inner = JSON.stringify(reply);
        const responseKey = key ?? `${method.replaceAll('.', '_')}_response`;
        const body =
          signWith === null
            ? `{"${responseKey}":${inner}}`
            : `{"${responseKey}":${inner},"sign":"${createSign('RSA-SHA256')
                .update(inner, 'utf8')
                .sign(signWith ?? alipay.privateKey, 'base64')}"}`;
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    calls = [];
  });

  const provider = () => createAlipayProvider({ ...settings, gateway });

  it('queries a paid trade with a signed alipay.trade.query and reads amount, trade_no and send_pay_date', async () => {
    answer = ({ biz }) => ({
      reply: {
        code: '10000',
        msg: 'Success',
        buyer_logon_id: '159****5620',
        buyer_pay_amount: '1999.90',
        out_trade_no: biz.out_trade_no,
        send_pay_date: '2026-05-20 10:05:00',
        total_amount: '1999.90',
        trade_no: '2026052022001400000000000002',
        trade_status: 'TRADE_SUCCESS',
      },
    });
    const result = await provider().queryPayment('P202605200002');
    expect(calls).toHaveLength(1);
    expectSignedByMerchant(calls[0]!.params);
    expect(calls[0]!.method).toBe('alipay.trade.query');
    expect(calls[0]!.biz).toEqual({ out_trade_no: 'P202605200002' });
    expect(result).toEqual({
      status: 'paid',
      payment: {
        orderNo: 'P202605200002',
        transactionId: '2026052022001400000000000002',
        amountFen: 199990,
        paidAt: Date.UTC(2026, 4, 20, 2, 5, 0),
      },
    });
  });

  it.each([
    ['WAIT_BUYER_PAY', 'awaiting'],
    ['TRADE_CLOSED', 'closed'],
  ])('reads trade_status %s as %s', async (tradeStatus, status) => {
    answer = ({ biz }) => ({
      reply: {
        code: '10000',
        msg: 'Success',
        out_trade_no: biz.out_trade_no,
        trade_status: tradeStatus,
        total_amount: '19.90',
      },
    });
    expect(await provider().queryPayment('P202605200003')).toEqual({ status });
  });

  it('reads ACQ.TRADE_NOT_EXIST as unknown', async () => {
    answer = () => ({
      reply: {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_NOT_EXIST',
        sub_msg: '交易不存在',
      },
    });
    expect(await provider().queryPayment('P202605200004')).toEqual({ status: 'unknown' });
  });

  it('does not believe a reply signed with another key, or an unsigned one', async () => {
    answer = ({ biz }) => ({
      reply: {
        code: '10000',
        out_trade_no: biz.out_trade_no,
        trade_status: 'TRADE_SUCCESS',
        total_amount: '1.00',
        trade_no: 'x',
      },
      signWith: stranger.privateKey,
    });
    await expect(provider().queryPayment('P202605200005')).rejects.toMatchObject({
      providerCode: 'ResponseSignatureInvalid',
    });
    answer = ({ biz }) => ({
      reply: {
        code: '10000',
        out_trade_no: biz.out_trade_no,
        trade_status: 'TRADE_SUCCESS',
        total_amount: '1.00',
        trade_no: 'x',
      },
      signWith: null,
    });
    await expect(provider().queryPayment('P202605200005')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('does not take a reply about another order', async () => {
    answer = () => ({
      reply: {
        code: '10000',
        out_trade_no: 'P-OTHER',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '1.00',
        trade_no: 'x',
      },
    });
    await expect(provider().queryPayment('P202605200006')).rejects.toMatchObject({
      providerCode: 'OrderMismatch',
    });
  });

  it('closes with a signed alipay.trade.close and swallows refusals (best effort)', async () => {
    const warnings: object[] = [];
    const log = { info() {}, warn: (obj: object) => void warnings.push(obj) };
    answer = () => ({ reply: { code: '10000', msg: 'Success', out_trade_no: 'P202605200007' } });
    const closing = createAlipayProvider({ ...settings, gateway }, { log });
    await closing.closePayment('P202605200007');
    expectSignedByMerchant(calls[0]!.params);
    expect(calls[0]!.method).toBe('alipay.trade.close');
    expect(calls[0]!.biz).toEqual({ out_trade_no: 'P202605200007' });
    expect(warnings).toEqual([]);

    answer = () => ({
      reply: { code: '40004', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' },
    });
    await expect(closing.closePayment('P202605200007')).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.objectContaining({ code: 'ACQ.TRADE_STATUS_ERROR' })]);
  });

  it('goes through the injected fetch', async () => {
    const seen: string[] = [];
    const injected: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    answer = ({ biz }) => ({
      reply: { code: '10000', out_trade_no: biz.out_trade_no, trade_status: 'WAIT_BUYER_PAY' },
    });
    const result = await createAlipayProvider({ ...settings, gateway }, { fetch: injected }).queryPayment(
      'P1',
    );
    expect(result).toEqual({ status: 'awaiting' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('method=alipay.trade.query');
  });
});
