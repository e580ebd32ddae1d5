import { createHmac } from 'node:crypto';
import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import { appSettingRepository } from '../src/db/app-setting.repository.ts';
import { SECRET_SETTING_KEYS } from '../src/db/secrets.ts';
import { studentIdOf } from '../src/http/session-policy.ts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../src/modules/auth/token-signer.ts';
import {
  HOUR,
  envelope,
  get,
  loginBySms,
  loginSms,
  post,
  requestCode,
  uniqueMobile,
} from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

type Pair = { token: string; refreshToken: string };

const refresh = (t: TestApp, refreshToken: string) => post(t, '/updateToken', { refreshToken });
const info = (t: TestApp, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/user/getUserInfo',
    headers: { 'api-language': 'en', ...(authorization !== undefined ? { authorization } : {}) },
  });

const UNAUTHORIZED = { code: 401, data: null, msg: 'Login expired, please log in again' };
const REVOKED = { code: 401, data: null, msg: 'Your session has ended, please log in again' };

function claimsOf(token: string): { sub: string; fam: string; iat: number; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

describe('the session guard of /api/v1/user/*', () => {
  it('accepts the access token as "Bearer <t>" and bare', async () => {
    const t = await createTestApp();
    const { token, mobile } = await loginBySms(t);
    for (const header of [`Bearer ${token}`, `bearer ${token}`, token]) {
      const reply = await info(t, header);
      expect(reply.statusCode, header.slice(0, 10)).toBe(200);
      expect(envelope(reply).data).toMatchObject({ student_phone: mobile });
      expect(reply.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 401 to a visitor on getUserInfo and on any unknown /user path; 404 to a student', async () => {
    const t = await createTestApp();
    for (const header of [undefined, '', 'Bearer', 'Basic dXNlcjpwYXNz', 'Bearer a b', 'x'.repeat(3000)]) {
      const reply = await info(t, header);
      expect(reply.statusCode).toBe(401);
      expect(envelope(reply)).toEqual(UNAUTHORIZED);
    }
    const visitor = await t.app.inject({ method: 'GET', url: '/api/v1/user/xyz' });
    expect(visitor.statusCode).toBe(401);
    const visitorPost = await t.app.inject({ method: 'POST', url: '/api/v1/user/a/b?c=1', payload: {} });
    expect(visitorPost.statusCode).toBe(401);

    const { token } = await loginBySms(t);
    const student = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/xyz',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(student.statusCode).toBe(404);
    expect(envelope(student).code).toBe(404);
  });

  it('covers /user routes other modules add, and tells their handlers who is calling', async () => {
    const t = await createTestApp({
      extraRoutes: (app) => {
        app.get('/api/v1/user/probe', async (request) => ({
          code: 200,
          data: studentIdOf(request),
          msg: '',
        }));
      },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/probe' })).statusCode).toBe(401);
    const { token } = await loginBySms(t);
    const me = envelope(await info(t, token)).data as { student_id: number };
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/probe',
      headers: { authorization: token },
    });
    expect(envelope(reply).data).toBe(me.student_id);
  });

  it('cannot be bypassed by spelling a private path differently', async () => {
    const t = await createTestApp();
    for (const url of [
      '/api/v1/user/getUserInfo/',
      '/api/v1/user/getUserInfo?x=1',
      '/api/v1/%75ser/getUserInfo',
      '/api/v1/user/%67etUserInfo',
      '/api/v1//user/getUserInfo',
    ]) {
      const reply = await t.app.inject({ method: 'GET', url, headers: { 'api-language': 'en' } });
      expect(reply.statusCode, url).toBe(401);
      expect(envelope(reply), url).toEqual(UNAUTHORIZED);
    }
  });

  it('leaves the public calls public', async () => {
    const t = await createTestApp();
    const send = await post(t, '/user/SendLoginSmsCode', { mobile: uniqueMobile() });
    expect(send.statusCode).toBe(200);
    for (const url of ['/user/login', '/user/reg', '/updateToken']) {
      const reply = await post(t, url, {});
      expect(reply.statusCode, url).toBe(400);
    }
  });

  it('refuses a forged token, an alg "none" token and a token of another secret with 401', async () => {
    const t = await createTestApp();
    const { token } = await loginBySms(t);
    const claims = claimsOf(token);
    const [header, payload] = token.split('.') as [string, string];
    const wrongKey = createHmac('sha256', 'another-secret-0123456789abcdef0123')
      .update(`${header}.${payload}`)
      .digest('base64url');
    const otherSub = Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url');
    const none = new UnsecuredJWT({ fam: claims.fam })
      .setSubject(claims.sub)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .encode();
    const noneTyped = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url'),
      payload,
      '',
    ].join('.');
    for (const forged of [
      `${header}.${payload}.${wrongKey}`,
      `${header}.${otherSub}.${token.split('.')[2]}`,
      none,
      noneTyped,
    ]) {
      const reply = await info(t, `Bearer ${forged}`);
      expect(reply.statusCode).toBe(401);
      expect(envelope(reply)).toEqual(UNAUTHORIZED);
    }
  });

  it('answers an expired access token with code 66666 and HTTP 401; the refreshed token works', async () => {
    const t = await createTestApp();
    const pair = await loginBySms(t);
    t.clock.advance(1800 * 1000);
    const expired = await info(t, `Bearer ${pair.token}`);
    expect(expired.statusCode).toBe(401);
    expect(envelope(expired)).toEqual({ code: CODES.TOKEN_EXPIRED, data: null, msg: 'Access token expired' });
    const renewed = await refresh(t, pair.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await info(t, (envelope(renewed).data as Pair).token)).statusCode).toBe(200);
  });

  it('refuses the token of a student who no longer exists', async () => {
    const t = await createTestApp();
    const { token } = await loginBySms(t);
    await t.db.deleteFrom('student').execute();
    t.clock.advance(2000); // past the revocation cache
    expect((await info(t, token)).statusCode).toBe(401);
  });
});

describe('POST /updateToken', () => {
  it('rotates: a new pair every time, and the new refresh token works', async () => {
    const t = await createTestApp();
    const first = await loginBySms(t);
    const second = envelope(await refresh(t, first.refreshToken)).data as Pair;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(claimsOf(second.token).fam).toBe(claimsOf(first.token).fam);
    const third = await refresh(t, second.refreshToken);
    expect(third.statusCode).toBe(200);
    expect(envelope(third).data).toEqual({ token: expect.any(String), refreshToken: expect.any(String) });
    const rows = await t.db.selectFrom('refresh_token').selectAll().execute();
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toContain(first.refreshToken);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const t = await createTestApp();
    const first = await loginBySms(t);
    const second = envelope(await refresh(t, first.refreshToken)).data as Pair;
    expect((await info(t, second.token)).statusCode).toBe(200);

    const reuse = await refresh(t, first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(envelope(reuse)).toEqual(REVOKED);
    // Everything of that family is dead now, the newest pair included.
    expect((await refresh(t, second.refreshToken)).statusCode).toBe(401);
    expect(envelope(await info(t, second.token))).toEqual(REVOKED);
    expect(envelope(await info(t, first.token))).toEqual(REVOKED);

    // Other sessions of the same student are not affected.
    t.clock.advance(61_000);
    const other = await loginBySms(t, first.mobile);
    expect((await info(t, other.token)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent refreshes with the same token succeed', async () => {
    const t = await createTestApp();
    for (let round = 0; round < 5; round++) {
      const pair = await loginBySms(t, uniqueMobile(), { ip: `192.0.2.${round + 1}` });
      const replies = await Promise.all([refresh(t, pair.refreshToken), refresh(t, pair.refreshToken)]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    }
  });

  it('ends at the absolute session lifetime, however recently the token was rotated', async () => {
    const t = await createTestApp();
    let pair: Pair = await loginBySms(t);
    for (let day = 0; day < 6; day++) {
      t.clock.advance(24 * HOUR);
      const reply = await refresh(t, pair.refreshToken);
      expect(reply.statusCode, `day ${day + 1}`).toBe(200);
      pair = envelope(reply).data as Pair;
    }
    t.clock.advance(24 * HOUR);
    const end = await refresh(t, pair.refreshToken);
    expect(end.statusCode).toBe(401);
    expect(envelope(end).code).toBe(401);
  });

  it('refuses unknown tokens with 401 and malformed bodies with 400', async () => {
    const t = await createTestApp();
    expect(envelope(await refresh(t, 'not-a-token'))).toEqual(UNAUTHORIZED);
    for (const payload of [{}, { refreshToken: '' }, { refreshToken: 42 }, { refresh_token: 'x' }, null]) {
      const reply = await post(t, '/updateToken', payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('POST /user/logout', () => {
  it('revokes the session at once: its access and refresh tokens are refused', async () => {
    const t = await createTestApp();
    const pair = await loginBySms(t);
    expect((await info(t, pair.token)).statusCode).toBe(200);
    const out = await post(t, '/user/logout', {}, { token: pair.token, lang: 'zh-Hans' });
    expect(out.statusCode).toBe(200);
    expect(envelope(out)).toEqual({ code: 200, data: null, msg: '已退出登录' });
    expect(envelope(await info(t, pair.token))).toEqual(REVOKED);
    expect((await refresh(t, pair.refreshToken)).statusCode).toBe(401);
  });

  it('answers 200 when the session has ended already, and 401 without a valid token', async () => {
    const t = await createTestApp();
    const pair = await loginBySms(t);
    expect((await post(t, '/user/logout', {}, { token: pair.token })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/logout',
      headers: { authorization: pair.token },
    });
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/user/logout' })).statusCode).toBe(401);
  });

  it('reaches another instance within the revocation cache time (≤ 2 s)', async () => {
    const a = await createTestApp();
    const b = await createTestApp({ reuseDatabaseOf: a, clock: a.clock });
    const pair = await loginBySms(a);
    expect((await info(b, pair.token)).statusCode).toBe(200); // b now caches the family as live
    expect((await post(a, '/user/logout', {}, { token: pair.token })).statusCode).toBe(200);
    expect((await info(a, pair.token)).statusCode).toBe(401);
    a.clock.advance(2000);
    expect(envelope(await info(b, pair.token))).toEqual(REVOKED);
  });
});

describe('server secrets', () => {
  it('are generated once into the database and shared by every instance on it', async () => {
    const env = { JWT_SECRET: undefined, SMS_CODE_PEPPER: undefined };
    const a = await createTestApp({ env });
    const jwt = await appSettingRepository.find(a.db, SECRET_SETTING_KEYS.jwtSecret);
    const pepper = await appSettingRepository.find(a.db, SECRET_SETTING_KEYS.smsCodePepper);
    expect(jwt).toMatch(/^[\w-]{64}$/);
    expect(pepper).toMatch(/^[\w-]{64}$/);
    expect(pepper).not.toBe(jwt);

    const b = await createTestApp({ env, reuseDatabaseOf: a, clock: a.clock });
    expect(await appSettingRepository.find(b.db, SECRET_SETTING_KEYS.jwtSecret)).toBe(jwt);
    // A code sent through one instance logs in through the other; its token works on both.
    const pair = await loginBySms(a);
    expect((await info(b, pair.token)).statusCode).toBe(200);
    const mobile = uniqueMobile();
    const code = await requestCode(a, mobile);
    expect((await loginSms(b, mobile, code)).statusCode).toBe(200);
  });
});

describe('GET /user/getUserInfo', () => {
  it('returns the contract shape with sex and birthday', async () => {
    const t = await createTestApp();
    const { token, mobile } = await loginBySms(t);
    await t.db
      .updateTable('student')
      .set({ eng_name: 'Amy', sex: 2, birthday: '2010-01-31', pic: '/files/a.png' })
      .execute();
    const reply = await get(t, '/user/getUserInfo', { token });
    expect(envelope(reply)).toEqual({
      code: 200,
      msg: 'Success',
      data: {
        student_id: expect.any(Number),
        student_eng_name: 'Amy',
        student_phone: mobile,
        student_pic: '/files/a.png',
        student_nick: `学员${mobile.slice(-4)}`,
        sex: 2,
        birthday: '2010-01-31',
        has_password: false,
      },
    });
  });
});
