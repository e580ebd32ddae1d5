import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { studentsRepository } from '../src/modules/students/students.repository.ts';
import {
  fastestOfEachUntil,
  HOUR,
  MINUTE,
  envelope,
  knownPhones,
  lastCodeFor,
  loginSms,
  outbox,
  post,
  requestCode,
  sendCode,
  uniqueMobile,
} from './helpers/auth.ts';
import { createTestApp } from './helpers/test-app.ts';

describe('POST /user/SendLoginSmsCode', () => {
  it('writes the code to the SMS outbox and says when the next one may be sent', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const reply = await sendCode(t, mobile, { lang: 'zh-Hans' });
    expect(reply.statusCode).toBe(200);
    expect(envelope(reply)).toEqual({
      code: 200,
      data: {
        resend_after_seconds: 60,
        code_valid_seconds: 300,
        // 128 random bits, base64url (DESIGN.md §7 "Code binding").
        challenge_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      },
      msg: '验证码已发送',
    });
    const lines = outbox(t);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ mobile, provider: 'log' });
    expect(lines[0]!.code).toMatch(/^\d{6}$/);
    expect(lines[0]!.text).toContain(lines[0]!.code);
    // Stored only as an HMAC: the code itself is nowhere in the table.
    const rows = await t.db.selectFrom('sms_code').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(lines[0]!.code);
  });

  it('answers a registered and an unregistered phone with identical envelopes and the same work', async () => {
    const t = await createTestApp();
    const registered = uniqueMobile();
    const unknown = uniqueMobile();
    await studentsRepository.insertStudentIfAbsent(
      t.db,
      { mobile: registered, nick: 'x', passwordHash: null },
      1,
    );
    const a = await sendCode(t, registered, { ip: '198.51.100.1' });
    const b = await sendCode(t, unknown, { ip: '198.51.100.2' });
    expect(a.statusCode).toBe(b.statusCode);
    // Identical but for the random challenge of each send.
    const masked = (body: string) => body.replace(/"challenge_id":"[A-Za-z0-9_-]{22}"/, '"challenge_id":"…"');
    expect(a.body.length).toBe(b.body.length);
    expect(masked(a.body)).toBe(masked(b.body));
    expect(masked(a.body)).toContain('"challenge_id":"…"');
    expect(outbox(t).map((e) => e.mobile)).toEqual([registered, unknown]);

    // Timing: the fastest of several sends each, alternating (distinct phones and IPs: no limit interferes).
    const send = (phone: string, net: number, i: number) => async () =>
      expect((await sendCode(t, phone, { ip: `198.51.${net}.${10 + i}` })).statusCode).toBe(200);
    const withinBounds = (knownMs: number, unknownMs: number) => Math.abs(knownMs - unknownMs) < 25;
    const [knownMs, unknownMs] = await fastestOfEachUntil(
      async (i) => send((await knownPhones(t, 1))[0]!, 100, i),
      async (i) => send(uniqueMobile(), 101, i),
      withinBounds,
    );
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(25);
  });

  it('refuses a second send within 60 s with 429, a retry time, and sends nothing', async () => {
    const t = await createTestApp();
    t.clock.freeze(); // the retry time is checked to the second
    const mobile = uniqueMobile();
    await requestCode(t, mobile);
    t.clock.advance(20_000);
    const refused = await sendCode(t, mobile);
    expect(refused.statusCode).toBe(429);
    expect(envelope(refused)).toEqual({
      code: 429,
      data: { retry_after_seconds: 40 },
      msg: 'Codes are requested too often, please try again in 40 seconds',
    });
    const zh = await sendCode(t, mobile, { lang: 'zh-Hans' });
    expect(envelope(zh).msg).toBe('验证码发送过于频繁，请 40 秒后再试');
    expect(outbox(t)).toHaveLength(1);
    t.clock.advance(40_000);
    expect((await sendCode(t, mobile)).statusCode).toBe(200);
  });

  it('allows 5 sends per phone per rolling hour', async () => {
    const t = await createTestApp();
    t.clock.freeze(); // the retry time is checked to the second
    const mobile = uniqueMobile();
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(t, mobile)).statusCode).toBe(200);
      t.clock.advance(61_000);
    }
    const refused = await sendCode(t, mobile);
    expect(refused.statusCode).toBe(429);
    // The first send leaves the hour window 60 min after it was made: 5 × 61 s ago now.
    const wait = HOUR - 5 * 61_000;
    expect(envelope(refused)).toMatchObject({
      data: { retry_after_seconds: wait / 1000 },
      msg: `Too many codes for this number in the past hour, please try again in ${Math.ceil(wait / MINUTE)} minutes`,
    });
    expect(outbox(t)).toHaveLength(5);
    t.clock.advance(wait);
    expect((await sendCode(t, mobile)).statusCode).toBe(200);
  });

  it('allows 10 sends per phone per rolling 24 hours', async () => {
    const t = await createTestApp();
    t.clock.freeze(); // the retry time is checked to the second
    const mobile = uniqueMobile();
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(t, mobile)).statusCode, `send ${i + 1}`).toBe(200);
      t.clock.advance(13 * MINUTE); // 5 per hour never reached
    }
    const refused = await sendCode(t, mobile, { lang: 'zh-Hans' });
    expect(refused.statusCode).toBe(429);
    const wait = 24 * HOUR - 10 * 13 * MINUTE;
    expect(envelope(refused)).toMatchObject({
      data: { retry_after_seconds: wait / 1000 },
      msg: `该手机号今日获取验证码次数已达上限，请 ${Math.ceil(wait / HOUR)} 小时后再试`,
    });
    t.clock.advance(wait);
    expect((await sendCode(t, mobile)).statusCode).toBe(200);
  });

  it('allows 20 sends per IP per rolling hour, whatever the phones', async () => {
    const t = await createTestApp();
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) expect((await sendCode(t, uniqueMobile(), { ip })).statusCode).toBe(200);
    const refused = await sendCode(t, uniqueMobile(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(envelope(refused).msg).toBe(
      'Too many codes requested from your network, please try again in 60 minutes',
    );
    // Another network is not affected; this one is again after the hour.
    expect((await sendCode(t, uniqueMobile(), { ip: '192.0.2.78' })).statusCode).toBe(200);
    t.clock.advance(HOUR);
    expect((await sendCode(t, uniqueMobile(), { ip })).statusCode).toBe(200);
  });

  it('stops every send when the daily budget is spent, until midnight China time', async () => {
    const t = await createTestApp({ env: { SMS_DAILY_BUDGET: '3' } });
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(t, uniqueMobile(), { ip: `192.0.2.${i + 1}` })).statusCode).toBe(200);
    }
    const refused = await sendCode(t, uniqueMobile(), { ip: '192.0.2.50' });
    expect(refused.statusCode).toBe(429);
    expect(envelope(refused).msg).toBe(
      'The SMS service has reached its daily limit, please try again tomorrow',
    );
    const wait = (envelope(refused).data as { retry_after_seconds: number }).retry_after_seconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    expect(outbox(t)).toHaveLength(3);
    t.clock.advance(wait * 1000);
    expect((await sendCode(t, uniqueMobile(), { ip: '192.0.2.51' })).statusCode).toBe(200);
  });

  it('lets only one of many concurrent sends to one phone through', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sendCode(t, mobile, { ip: `192.0.2.${100 + i}` })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    expect(outbox(t)).toHaveLength(1);
  });

  it('refuses bad input with 400 naming the problem, never 500', async () => {
    const t = await createTestApp();
    const invalid = await post(t, '/user/SendLoginSmsCode', { mobile: '12345678901' });
    expect(invalid.statusCode).toBe(400);
    expect(envelope(invalid)).toEqual({ code: 400, data: null, msg: 'Phone number is invalid' });
    const zh = await post(t, '/user/SendLoginSmsCode', { mobile: '14012345678' }, { lang: 'zh-Hans' });
    expect(envelope(zh).msg).toBe('手机号格式不正确');
    const empty = await post(t, '/user/SendLoginSmsCode', { mobile: '' });
    expect(envelope(empty).msg).toBe('Phone number cannot be empty');
    for (const payload of [
      {},
      { mobile: 13800138000 },
      { mobile: null },
      { mobile: ['13800138000'] },
      [],
      'x',
    ]) {
      const reply = await post(t, '/user/SendLoginSmsCode', payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(envelope(reply).code).toBe(400);
    }
    expect(outbox(t)).toHaveLength(0);
  });
});

describe('SMS codes', () => {
  it('expire after 5 minutes', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const code = await requestCode(t, mobile);
    t.clock.advance(5 * MINUTE);
    const reply = await loginSms(t, mobile, code);
    expect(reply.statusCode).toBe(400);
    expect(envelope(reply)).toEqual({
      code: 400,
      data: null,
      msg: 'The verification code has expired, please request a new one',
    });
  });

  it('work until just before the 5 minutes are over', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const code = await requestCode(t, mobile);
    t.clock.advance(5 * MINUTE - 2000);
    expect((await loginSms(t, mobile, code)).statusCode).toBe(200);
  });

  it('are single use', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const code = await requestCode(t, mobile);
    expect((await loginSms(t, mobile, code)).statusCode).toBe(200);
    const again = await loginSms(t, mobile, code, { lang: 'zh-Hans' });
    expect(again.statusCode).toBe(400);
    expect(envelope(again).msg).toBe('验证码错误');
  });

  it('are dead after 5 wrong tries, even for the right code', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const code = await requestCode(t, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const reply = await loginSms(t, mobile, wrong);
      expect(reply.statusCode).toBe(400);
      expect(envelope(reply).msg).toBe('Wrong verification code');
    }
    const fifth = await loginSms(t, mobile, wrong);
    expect(envelope(fifth)).toMatchObject({
      code: 400,
      msg: 'Too many wrong codes, please request a new one',
    });
    const right = await loginSms(t, mobile, code);
    expect(right.statusCode).toBe(400);
    expect(envelope(right).msg).toBe('Too many wrong codes, please request a new one');
  });

  it('count concurrent wrong guesses: at most 5 tries of one code are ever checked', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const code = await requestCode(t, mobile);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    await Promise.all(guesses.map((g) => loginSms(t, mobile, g)));
    const row = await t.db.selectFrom('sms_code').select('attempts').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await loginSms(t, mobile, code)).statusCode).toBe(400);
  });

  it('are bound to the phone they were sent to', async () => {
    const t = await createTestApp();
    const a = uniqueMobile();
    const b = uniqueMobile();
    const code = await requestCode(t, a);
    await requestCode(t, b);
    const reply = await loginSms(t, b, code === lastCodeFor(t, b) ? '999999' : code);
    expect(reply.statusCode).toBe(400);
  });

  it('are replaced by a newer code', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const first = await requestCode(t, mobile);
    t.clock.advance(61_000);
    const second = await requestCode(t, mobile);
    if (first !== second) expect((await loginSms(t, mobile, first)).statusCode).toBe(400);
    expect((await loginSms(t, mobile, second)).statusCode).toBe(200);
  });
});

describe('SMS provider failures', () => {
  let fake: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (fake ? fake.close(() => resolve()) : resolve()));
    fake = undefined;
  });

  /** A local stand-in for Aliyun's SendSms that refuses every message. */
  async function refusingAliyun(): Promise<string> {
    fake = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit', RequestId: 'r1' }));
      });
    });
    await new Promise<void>((resolve) => fake!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  }

  it('answer 503 "SMS service busy" and count against no limit', async () => {
    const endpoint = await refusingAliyun();
    const t = await createTestApp({
      env: {
        SMS_DRIVER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: '灵犀外教',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000000001',
        ALIYUN_SMS_ENDPOINT: endpoint,
        SMS_DAILY_BUDGET: '1',
      },
    });
    const mobile = uniqueMobile();
    for (let i = 0; i < 3; i++) {
      const reply = await sendCode(t, mobile, { lang: i === 0 ? 'zh-Hans' : 'en' });
      expect(reply.statusCode).toBe(503);
      expect(envelope(reply).code).toBe(503);
      expect(envelope(reply).msg).toBe(
        i === 0 ? '短信服务繁忙，请稍后再试' : 'The SMS service is busy, please try again later',
      );
    }
    // Neither the phone's 60 s rule nor the budget of 1 was used up by the failures.
    expect(await t.db.selectFrom('sms_send').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('sms_code').selectAll().execute()).toEqual([]);
    const budget = await t.db.selectFrom('sms_budget').select('used').execute();
    expect(budget.map((b) => b.used)).toEqual([0]);
  });
});

describe('SMS provider configuration', () => {
  it('refuses to start the aliyun driver without its keys, naming each missing variable', () => {
    const attempt = () => loadConfig({ SMS_DRIVER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/ALIYUN_SMS_ACCESS_KEY_SECRET: required when SMS_DRIVER=aliyun/);
    expect(attempt).toThrow(/ALIYUN_SMS_SIGN_NAME/);
    expect(attempt).toThrow(/ALIYUN_SMS_TEMPLATE_CODE/);
    expect(() => loadConfig({ SMS_DRIVER: 'tencent' })).toThrow(/SMS_DRIVER/);
  });

  it('refuses a short pepper and a scrypt cost that is not a power of two', () => {
    expect(() => loadConfig({ SMS_CODE_PEPPER: 'short' })).toThrow(/SMS_CODE_PEPPER/);
    expect(() => loadConfig({ SCRYPT_COST: '1000' })).toThrow(/SCRYPT_COST/);
    expect(loadConfig({}).SCRYPT_COST).toBe(2 ** 17);
  });
});
