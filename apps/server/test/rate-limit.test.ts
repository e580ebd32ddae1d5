import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeWebDist, createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The generic per-IP request limiter (DESIGN.md §2): in memory by default, in Redis when REDIS_URL
 * is set (shared by every instance). Redis runs at 127.0.0.1:6379 in development and CI.
 */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** A client IP of its own per test: the limiter's Redis key is `ratelimit:<ip>`, so keys never collide. */
function uniqueIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
const usedKeys: string[] = [];
afterAll(async () => {
  if (usedKeys.length > 0) await redis.del(...usedKeys);
  redis.disconnect();
});

function hit(t: TestApp, ip: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/v1/dict/sex',
    headers: { 'api-language': 'en' },
    remoteAddress: ip,
  });
}

async function expectLimitAfter(t: TestApp, ip: string, max: number) {
  for (let i = 0; i < max; i++) {
    const reply = await hit(t, ip);
    expect(reply.statusCode, `request ${i + 1}`).toBe(200);
    // The limit is told with the refusal only (decisions.md), not on every reply.
    expect(Object.keys(reply.headers).filter((name) => name.startsWith('x-ratelimit-'))).toEqual([]);
  }
  const refused = await hit(t, ip);
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['x-ratelimit-limit']).toBe(String(max));
  expect(refused.headers['x-ratelimit-remaining']).toBe('0');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.json()).toEqual({
    code: 429,
    data: null,
    msg: 'Too many requests, please try again later',
  });
  // Another client is not affected.
  expect((await hit(t, uniqueIp())).statusCode).toBe(200);
}

describe('the per-IP request limiter', () => {
  it('answers 429 after RATE_LIMIT_PER_MINUTE requests, counting in memory', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    await expectLimitAfter(t, uniqueIp(), 3);
  });

  it('answers 429 after RATE_LIMIT_PER_MINUTE requests, counting in Redis from the first request', async () => {
    const ip = uniqueIp();
    usedKeys.push(`ratelimit:${ip}`);
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL } });
    // The app waited for Redis at start-up, so the very first request is counted.
    await expectLimitAfter(t, ip, 3);
    expect(Number(await redis.get(`ratelimit:${ip}`))).toBe(4);
  });

  it('shares its Redis counters between instances', async () => {
    const ip = uniqueIp();
    usedKeys.push(`ratelimit:${ip}`);
    const env = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL };
    const a = await createTestApp({ env });
    const b = await createTestApp({ env, reuseDatabaseOf: a });
    expect((await hit(a, ip)).statusCode).toBe(200);
    expect((await hit(b, ip)).statusCode).toBe(200);
    expect((await hit(a, ip)).statusCode).toBe(200);
    expect((await hit(b, ip)).statusCode).toBe(200);
    expect((await hit(a, ip)).statusCode).toBe(429);
    expect((await hit(b, ip)).statusCode).toBe(429);
  });

  it('starts without a reachable Redis and lets requests through rather than refusing them', async () => {
    const started = Date.now();
    // Nothing listens on port 1.
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: 'redis://127.0.0.1:1' } });
    expect(Date.now() - started).toBeLessThan(10_000);
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) expect((await hit(t, ip)).statusCode, `request ${i + 1}`).toBe(200);
  });

  it('limits only the API: web app files, deep links and /health are never refused', async () => {
    const web = createFakeWebDist();
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2', WEB_DIST: web.dir } });
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      for (const url of [web.assetPath, '/course/index', '/', '/health']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress: ip });
        expect(res.statusCode, `${url} #${i + 1}`).toBe(200);
      }
    }
    expect((await hit(t, ip)).statusCode).toBe(200);
    expect((await hit(t, ip)).statusCode).toBe(200);
    expect((await hit(t, ip)).statusCode).toBe(429);
  });

  it('counts encoded and plain spellings of an API path against the same limit', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '4' } });
    const ip = uniqueIp();
    // Each spelling reaches the login route (the router decodes the path); an empty body is a 400.
    const spellings = [
      '/api/v1/user/login',
      '/%61pi/v1/user/login',
      '/api/v1/%75ser/login',
      '/%61%70%69/%76%31/user/%6c%6f%67%69%6e',
      '/api/v1/user/login/',
      '/%61pi/v1/user/login',
    ];
    const statuses: number[] = [];
    for (const url of spellings) {
      const res = await t.app.inject({ method: 'POST', url, payload: {}, remoteAddress: ip });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('counts an encoded unknown API path like a plain one, answering with the 404 envelope', async () => {
    const web = createFakeWebDist();
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2', WEB_DIST: web.dir } });
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (const url of ['/%61pi/v1/nothing', '/api/v1/nothing', '/%61pi/v1/nothing']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: ip });
      statuses.push(res.statusCode);
      if (res.statusCode === 404) expect(res.json()).toMatchObject({ code: 404, data: null });
    }
    expect(statuses).toEqual([404, 404, 429]);
  });

  it('counts every address of one IPv6 /64 as one client, and another /64 as another', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    const prefix = `2001:db8:${randomInt(0, 0xffff).toString(16)}:${randomInt(0, 0xffff).toString(16)}`;
    const addresses = [`${prefix}::1`, `${prefix}:ffff:ffff:ffff:fffe`, `${prefix}:0:abcd:1234:5`];
    for (const ip of addresses) expect((await hit(t, ip)).statusCode, ip).toBe(200);
    expect((await hit(t, `${prefix}:dead:beef:0:1`)).statusCode).toBe(429);
    expect((await hit(t, `${prefix.replace(/:[0-9a-f]+$/, '')}:1::1`)).statusCode).toBe(200);
  });
});
