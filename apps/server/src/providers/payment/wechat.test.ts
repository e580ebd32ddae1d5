import { createCipheriv, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentRequest } from './payment-provider.ts';
import { createWechatPayProvider, type WechatPaySettings } from './wechat.ts';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

/** An APIv3 key is 32 printable characters, set by the merchant in the WeChat Pay console. */
function randomApiV3Key(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(32)].map((b) => alphabet[b % alphabet.length]).join('');
}

const API_V3_KEY = randomApiV3Key();
const MCH_ID = '1900000109';
const APP_ID = 'wxd678efh567hg6787';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000001092024060400000000000000';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';

const settings: WechatPaySettings = {
  mchId: MCH_ID,
  appId: APP_ID,
  apiV3Key: API_V3_KEY,
  merchantPrivateKey: pem(merchant.privateKey, 'pkcs8'),
  merchantSerial: MERCHANT_SERIAL,
  platformPublicKey: pem(platform.publicKey, 'spki'),
  platformSerial: PLATFORM_SERIAL,
};

/** WeChat's side of AEAD_AES_256_GCM: base64(ciphertext + 16-byte tag). */
function encryptResource(plaintext: object, key = API_V3_KEY, associatedData = 'transaction') {
  const nonce = randomBytes(6).toString('hex'); // 12 characters, as WeChat sends
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const sealed = Buffer.concat([
    cipher.update(JSON.stringify(plaintext), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return {
    original_type: 'transaction',
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: sealed.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}

function transaction(overrides: Record<string, unknown> = {}) {
  return {
    mchid: MCH_ID,
    appid: APP_ID,
    out_trade_no: 'P202605200001',
    transaction_id: '4200000000202605200000000001',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    attach: '',
    success_time: '2026-05-20T10:00:05+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' },
    ...overrides,
  };
}

function notificationBody(resource: object): Buffer {
  return Buffer.from(
    JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: '2026-05-20T10:00:06+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource,
    }),
  );
}

/** WeChat's notification signature: SHA256withRSA over `timestamp\nnonce\nbody\n` with the platform key. */
function signedHeaders(
  body: Buffer,
  timestampSeconds: number,
  options: { key?: KeyObject; serial?: string } = {},
): Record<string, string> {
  const timestamp = String(timestampSeconds);
  const nonce = randomBytes(16).toString('hex');
  const message = Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`), body, Buffer.from('\n')]);
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': sign('sha256', message, options.key ?? platform.privateKey).toString('base64'),
    'wechatpay-serial': options.serial ?? PLATFORM_SERIAL,
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

const now = Date.UTC(2026, 4, 20, 2, 0, 10);
const nowSeconds = now / 1000;

async function verifyWith(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  provider = createWechatPayProvider(settings),
) {
  return provider.verifyNotification(
    { headers: { 'content-type': 'application/json', ...headers }, rawBody },
    now,
  );
}

async function verifySigned(tx: object, at = nowSeconds) {
  const body = notificationBody(encryptResource(tx));
  return verifyWith(body, signedHeaders(body, at));
}

describe('WeChat Pay notifications', () => {
  it('accepts a signed, encrypted SUCCESS notification: amount.total fen, transaction_id, success_time', async () => {
    expect(await verifySigned(transaction())).toEqual({
      kind: 'paid',
      payment: {
        orderNo: 'P202605200001',
        transactionId: '4200000000202605200000000001',
        amountFen: 1,
        paidAt: Date.UTC(2026, 4, 20, 2, 0, 5),
      },
    });
    const big = await verifySigned(transaction({ amount: { total: 199990, currency: 'CNY' } }));
    expect(big).toMatchObject({ kind: 'paid', payment: { amountFen: 199990 } });
  });

  it('accepts a timestamp exactly 300 s old or ahead, and reads headers case-insensitively', async () => {
    expect((await verifySigned(transaction(), nowSeconds - 300)).kind).toBe('paid');
    expect((await verifySigned(transaction(), nowSeconds + 300)).kind).toBe('paid');
    const body = notificationBody(encryptResource(transaction()));
    const upper = Object.fromEntries(
      Object.entries(signedHeaders(body, nowSeconds)).map(([k, v]) => [
        k.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => `${dash}${c.toUpperCase()}`),
        v,
      ]),
    );
    expect(upper).toHaveProperty('Wechatpay-Signature');
    expect((await verifyWith(body, upper)).kind).toBe('paid');
  });

  it('refuses a stale timestamp (301 s) and a future one (301 s ahead)', async () => {
    expect(await verifySigned(transaction(), nowSeconds - 301)).toEqual({
      kind: 'rejected',
      reason: 'Wechatpay-Timestamp is 301 s from now (limit 300 s)',
    });
    expect(await verifySigned(transaction(), nowSeconds + 301)).toEqual({
      kind: 'rejected',
      reason: 'Wechatpay-Timestamp is 301 s from now (limit 300 s)',
    });
  });

  it('refuses a body changed after signing', async () => {
    const body = notificationBody(encryptResource(transaction()));
    const headers = signedHeaders(body, nowSeconds);
    const tampered = Buffer.from(body.toString('utf8').replace('支付成功', '支付成功 '));
    expect(await verifyWith(tampered, headers)).toEqual({ kind: 'rejected', reason: 'bad signature' });
  });

  it('refuses a signature by another key, and WeChat’s deliberate SIGNTEST signatures', async () => {
    const body = notificationBody(encryptResource(transaction()));
    expect(await verifyWith(body, signedHeaders(body, nowSeconds, { key: stranger.privateKey }))).toEqual({
      kind: 'rejected',
      reason: 'bad signature',
    });
    const probe = {
      ...signedHeaders(body, nowSeconds),
      'wechatpay-signature': 'WECHATPAY/SIGNTEST/9UoiMKZqSfBpP3a9sJxo0w==',
    };
    expect(await verifyWith(body, probe)).toEqual({ kind: 'rejected', reason: 'bad signature' });
  });

  it('refuses a serial other than the configured platform serial', async () => {
    const body = notificationBody(encryptResource(transaction()));
    const headers = signedHeaders(body, nowSeconds, { serial: '7132D72A03E93CDDF8C03BBD1F37EEDF' });
    expect(await verifyWith(body, headers)).toEqual({
      kind: 'rejected',
      reason: 'Wechatpay-Serial 7132D72A03E93CDDF8C03BBD1F37EEDF is not the configured platform serial',
    });
  });

  it.each([
    ['wechatpay-timestamp', 'missing Wechatpay-Timestamp'],
    ['wechatpay-nonce', 'missing Wechatpay-Nonce'],
    ['wechatpay-signature', 'missing Wechatpay-Signature'],
    ['wechatpay-serial', 'missing Wechatpay-Serial'],
  ])('refuses a notification without %s', async (header, reason) => {
    const body = notificationBody(encryptResource(transaction()));
    const headers: Record<string, string | undefined> = signedHeaders(body, nowSeconds);
    headers[header] = undefined;
    expect(await verifyWith(body, headers)).toEqual({ kind: 'rejected', reason });
  });

  it('refuses a signature header sent twice', async () => {
    const body = notificationBody(encryptResource(transaction()));
    const headers = signedHeaders(body, nowSeconds);
    const doubled = { ...headers, 'wechatpay-signature': [headers['wechatpay-signature']!, 'x'] };
    expect(await verifyWith(body, doubled)).toEqual({
      kind: 'rejected',
      reason: 'missing Wechatpay-Signature',
    });
  });

  it('refuses a resource whose GCM tag was altered (decryption fails), or sealed with another APIv3 key', async () => {
    const resource = encryptResource(transaction());
    const sealed = Buffer.from(resource.ciphertext, 'base64');
    sealed[sealed.length - 1]! ^= 0x01;
    const badTag = notificationBody({ ...resource, ciphertext: sealed.toString('base64') });
    const reason = 'resource decryption failed (AES-256-GCM tag mismatch)';
    expect(await verifyWith(badTag, signedHeaders(badTag, nowSeconds))).toEqual({ kind: 'rejected', reason });

    const otherKey = notificationBody(encryptResource(transaction(), randomApiV3Key()));
    expect(await verifyWith(otherKey, signedHeaders(otherKey, nowSeconds))).toEqual({
      kind: 'rejected',
      reason,
    });

    const otherAad = notificationBody({ ...resource, associated_data: 'refund' });
    expect(await verifyWith(otherAad, signedHeaders(otherAad, nowSeconds))).toEqual({
      kind: 'rejected',
      reason,
    });
  });

  it('refuses a signed, decryptable notification for another mchid or appid', async () => {
    expect(await verifySigned(transaction({ mchid: '1900000999' }))).toEqual({
      kind: 'rejected',
      reason: 'mchid 1900000999 is not ours',
    });
    expect(await verifySigned(transaction({ appid: 'wx0000000000000999' }))).toEqual({
      kind: 'rejected',
      reason: 'appid wx0000000000000999 is not ours',
    });
  });

  it.each([[0], [-1], [1.5], ['1']])('refuses amount.total %j', async (total) => {
    expect(await verifySigned(transaction({ amount: { total, currency: 'CNY' } }))).toEqual({
      kind: 'rejected',
      reason: 'malformed amount.total',
    });
  });

  it('refuses a non-CNY amount and a malformed success_time', async () => {
    expect(await verifySigned(transaction({ amount: { total: 100, currency: 'USD' } }))).toEqual({
      kind: 'rejected',
      reason: 'currency is not CNY',
    });
    expect(await verifySigned(transaction({ success_time: '2026-05-20 10:00:05' }))).toEqual({
      kind: 'rejected',
      reason: 'malformed success_time',
    });
  });

  it.each([['NOTPAY'], ['CLOSED'], ['USERPAYING'], ['PAYERROR']])(
    'acknowledges trade_state %s without paying',
    async (state) => {
      expect(await verifySigned(transaction({ trade_state: state }))).toEqual({
        kind: 'ignored',
        orderNo: 'P202605200001',
        reason: `trade_state ${state}`,
      });
    },
  );

  it('replies 204 without a body when accepted, 400 with a JSON FAIL otherwise', () => {
    const provider = createWechatPayProvider(settings);
    expect(provider.notificationReply(true)).toEqual({ status: 204 });
    const refused = provider.notificationReply(false);
    expect(refused.status).toBe(400);
    expect(refused.contentType).toBe('application/json');
    expect(JSON.parse(refused.body ?? '')).toEqual({ code: 'FAIL', message: expect.any(String) });
  });

  it('refuses to start with an APIv3 key that is not 32 bytes', () => {
    expect(() => createWechatPayProvider({ ...settings, apiV3Key: 'short' })).toThrow(/32 bytes/);
  });
});

type Recorded = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

/** Checks our Authorization header as WeChat does, with the merchant's public key. */
function expectSignedRequest(r: Recorded): void {
  const auth = String(r.headers.authorization ?? '');
  const match =
    /^WECHATPAY2-SHA256-RSA2048 mchid="([^"]+)",nonce_str="([^"]+)",signature="([^"]+)",timestamp="(\d+)",serial_no="([^"]+)"$/.exec(
      auth,
    );
  expect(match, `Authorization: ${auth}`).not.toBeNull();
  const [, mchid, nonce, signature, timestamp, serial] = match!;
  expect(mchid).toBe(MCH_ID);
  expect(serial).toBe(MERCHANT_SERIAL);
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
  const message = `${r.method}\n${r.path}\n${timestamp}\n${nonce}\n${r.body}\n`;
  expect(verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(signature!, 'base64'))).toBe(
    true,
  );
}

describe('WeChat Pay API calls (a local HTTP server as the API base)', () => {
  let server: Server;
  let apiBase: string;
  let recorded: Recorded[];
  /** The fake API's answer; signed with the platform key unless `signWith` says otherwise. */
  let answer: (r: Recorded) => {
    status: number;
    body?: object;
    signWith?: KeyObject | null;
    serial?: string;
    ageSeconds?: number;
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: Recorded = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        recorded.push(r);
        const { status, body, signWith, serial, ageSeconds } = answer(r);
        const text = Buffer.from(body === undefined ? '' : JSON.stringify(body));
        const headers: Record<string, string> =
          signWith === null
            ? {}
            : signedHeaders(text, Math.floor(Date.now() / 1000) - (ageSeconds ?? 0), {
                key: signWith ?? platform.privateKey,
                serial: serial ?? PLATFORM_SERIAL,
              });
        if (body !== undefined) headers['content-type'] = 'application/json';
        res.writeHead(status, headers);
        res.end(text);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    recorded = [];
  });

  const provider = () => createWechatPayProvider({ ...settings, apiBase });

  const request: PaymentRequest = {
    orderNo: 'P202605200002',
    amountFen: 199990,
    subject: '学习币 600',
    method: 'wechat',
    client: 'desktop',
    expiresAt: Date.UTC(2026, 4, 20, 2, 30, 0),
    notifyUrl: 'https://school.example.com/api/v1/pay/notify/wechat',
    returnUrl: 'https://school.example.com/user/orders/P202605200002',
    clientIp: '203.0.113.7',
  };

  it('desktop: a signed POST /v3/pay/transactions/native, code_url returned as the QR code', async () => {
    answer = () => ({ status: 200, body: { code_url: 'weixin://wxpay/bizpayurl/up?pr=NwY5Mz9&groupid=00' } });
    const action = await provider().createPayment(request);
    expect(action).toEqual({ qr_code: 'weixin://wxpay/bizpayurl/up?pr=NwY5Mz9&groupid=00' });
    expect(recorded).toHaveLength(1);
    const r = recorded[0]!;
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/v3/pay/transactions/native');
    expectSignedRequest(r);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['user-agent']).toBeTruthy();
    expect(JSON.parse(r.body)).toEqual({
      appid: APP_ID,
      mchid: MCH_ID,
      description: '学习币 600',
      out_trade_no: 'P202605200002',
      time_expire: '2026-05-20T10:30:00+08:00',
      notify_url: request.notifyUrl,
      amount: { total: 199990, currency: 'CNY' },
    });
  });

  it('WeChat’s in-app browser also gets the Native QR code (H5 pay does not run inside WeChat)', async () => {
    answer = () => ({ status: 200, body: { code_url: 'weixin://wxpay/bizpayurl?pr=abc' } });
    expect(await provider().createPayment({ ...request, client: 'wechat-browser' })).toEqual({
      qr_code: 'weixin://wxpay/bizpayurl?pr=abc',
    });
    expect(recorded[0]!.path).toBe('/v3/pay/transactions/native');
  });

  it('phone browser: POST /v3/pay/transactions/h5 with scene_info, h5_url returned with our redirect_url', async () => {
    answer = () => ({
      status: 200,
      body: {
        h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2016&package=1037687096',
      },
    });
    const action = await provider().createPayment({ ...request, client: 'mobile', amountFen: 1 });
    const r = recorded[0]!;
    expect(r.path).toBe('/v3/pay/transactions/h5');
    expectSignedRequest(r);
    expect(JSON.parse(r.body)).toMatchObject({
      amount: { total: 1, currency: 'CNY' },
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });
    const url = new URL((action as { redirect_url: string }).redirect_url);
    expect(url.host).toBe('wx.tenpay.com');
    expect(url.searchParams.get('prepay_id')).toBe('wx2016');
    expect(url.searchParams.get('redirect_url')).toBe(request.returnUrl);
  });

  it('does not believe a reply with a bad signature, another serial, an old timestamp or none at all', async () => {
    const ok = { code_url: 'weixin://wxpay/bizpayurl?pr=forged' };
    for (const variant of [
      { signWith: stranger.privateKey },
      { serial: 'PUB_KEY_ID_OTHER' },
      { ageSeconds: 301 },
      { signWith: null },
    ]) {
      answer = () => ({ status: 200, body: ok, ...variant });
      await expect(provider().createPayment(request)).rejects.toMatchObject({
        providerCode: 'ResponseSignatureInvalid',
      });
    }
  });

  it('reports WeChat’s refusal by its code', async () => {
    answer = () => ({ status: 400, body: { code: 'PARAM_ERROR', message: '参数错误' } });
    await expect(provider().createPayment(request)).rejects.toMatchObject({ providerCode: 'PARAM_ERROR' });
  });

  it('queries GET /v3/pay/transactions/out-trade-no/{no}?mchid=… and reads a paid transaction', async () => {
    answer = () => ({
      status: 200,
      body: transaction({
        out_trade_no: 'P202605200002',
        amount: { total: 199990, payer_total: 199990, currency: 'CNY', payer_currency: 'CNY' },
      }),
    });
    expect(await provider().queryPayment('P202605200002')).toEqual({
      status: 'paid',
      payment: {
        orderNo: 'P202605200002',
        transactionId: '4200000000202605200000000001',
        amountFen: 199990,
        paidAt: Date.UTC(2026, 4, 20, 2, 0, 5),
      },
    });
    const r = recorded[0]!;
    expect(r.method).toBe('GET');
    expect(r.path).toBe(`/v3/pay/transactions/out-trade-no/P202605200002?mchid=${MCH_ID}`);
    expect(r.body).toBe('');
    expectSignedRequest(r);
  });

  it.each([
    ['NOTPAY', 'awaiting'],
    ['USERPAYING', 'awaiting'],
    ['CLOSED', 'closed'],
    ['REVOKED', 'closed'],
    ['PAYERROR', 'closed'],
  ])('reads trade_state %s as %s', async (state, status) => {
    answer = () => ({ status: 200, body: transaction({ out_trade_no: 'P3', trade_state: state }) });
    expect(await provider().queryPayment('P3')).toEqual({ status });
  });

  it('reads a signed ORDER_NOT_EXIST as unknown, but not an unsigned one', async () => {
    answer = () => ({ status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } });
    expect(await provider().queryPayment('P4')).toEqual({ status: 'unknown' });
    answer = () => ({
      status: 404,
      body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' },
      signWith: null,
    });
    await expect(provider().queryPayment('P4')).rejects.toMatchObject({
      providerCode: 'ResponseSignatureInvalid',
    });
  });

  it('does not take a query reply for another merchant', async () => {
    answer = () => ({ status: 200, body: transaction({ out_trade_no: 'P5', mchid: '1900000999' }) });
    await expect(provider().queryPayment('P5')).rejects.toMatchObject({ providerCode: 'OrderMismatch' });
  });

  it('closes with a signed POST …/close {mchid} and only logs a refusal', async () => {
    const warnings: object[] = [];
    const closing = createWechatPayProvider(
      { ...settings, apiBase },
      { log: { info() {}, warn: (obj: object) => void warnings.push(obj) } },
    );
    answer = () => ({ status: 204 });
    await closing.closePayment('P202605200006');
    const r = recorded[0]!;
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/v3/pay/transactions/out-trade-no/P202605200006/close');
    expect(JSON.parse(r.body)).toEqual({ mchid: MCH_ID });
    expectSignedRequest(r);
    expect(warnings).toEqual([]);

    answer = () => ({ status: 400, body: { code: 'ORDERPAID', message: '订单已支付' } });
    await expect(closing.closePayment('P202605200006')).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.objectContaining({ code: 'ORDERPAID' })]);
  });
});
