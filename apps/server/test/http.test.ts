import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CODES } from '@app/contract/codes';
import { envelopeSchema } from '@app/contract/envelope';
import { pageQuerySchema } from '@app/contract/paging';
import { mobileSchema } from '@app/contract/validation';
import { AppError } from '../src/http/app-error.ts';
import { ok } from '../src/http/envelope.ts';
import type { App } from '../src/http/fastify-types.ts';
import { loginBySms } from './helpers/auth.ts';
import { createFakeWebDist, createTestApp } from './helpers/test-app.ts';

/** Routes that exercise validation and the error handler like a real module would. */
function testRoutes(app: App) {
  app.post(
    '/api/v1/test/echo',
    {
      schema: {
        querystring: pageQuerySchema,
        body: z.object({ name: z.string().max(10), age: z.number().int(), mobile: mobileSchema.optional() }),
        response: {
          200: envelopeSchema(z.object({ name: z.string(), age: z.number(), current: z.number() })),
        },
      },
    },
    async (request) => ok({ name: request.body.name, age: request.body.age, current: request.query.current }),
  );
  app.get('/api/v1/test/boom', async () => {
    throw new Error('secret internal detail: password=hunter2');
  });
  app.get('/api/v1/test/conflict', async () => {
    throw new AppError(CODES.CONFLICT, 'error.conflict');
  });
}

const json = { 'content-type': 'application/json' };

describe('envelope and errors', () => {
  it('answers an unknown /api path with a 404 envelope in the request language', async () => {
    const { app } = await createTestApp();
    const zh = await app.inject({ method: 'GET', url: '/api/v1/no/such/thing' });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ code: 404, data: null, msg: '接口不存在' });
    const en = await app.inject({
      method: 'DELETE',
      url: '/api/v1/dict/sex',
      headers: { 'api-language': 'en-US' },
    });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ code: 404, data: null, msg: 'No such API endpoint' });
  });

  it('answers a route called with another method with a 404 envelope', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'PUT', url: '/api/v1/app/config', headers: json, payload: '{}' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const { app } = await createTestApp({ extraRoutes: testRoutes });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { ...json, 'api-language': 'en' },
      payload: '{"name": "a",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, data: null, msg: 'The request body is not valid JSON' });
  });

  it('answers a wrongly typed field with a 400 naming the field', async () => {
    const { app } = await createTestApp({ extraRoutes: testRoutes });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { ...json, 'api-language': 'en' },
      payload: { name: 'Ann', age: 'twelve' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, data: null, msg: 'Invalid value for age' });

    const zh = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo?current=0',
      headers: json,
      payload: { name: 'Ann', age: 3 },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe('参数 current 不正确');
  });

  it('sends a contract rule message when the failing rule carries a message key', async () => {
    const { app } = await createTestApp({ extraRoutes: testRoutes });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { ...json, 'api-language': 'en' },
      payload: { name: 'Ann', age: 3, mobile: '14012345678' },
    });
    expect(res.json()).toEqual({ code: 400, data: null, msg: 'Phone number is invalid' });
  });

  it('accepts a valid body and returns a success envelope', async () => {
    const { app } = await createTestApp({ extraRoutes: testRoutes });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo?current=2',
      headers: json,
      payload: { name: 'Ann', age: 3, mobile: '13800138000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, data: { name: 'Ann', age: 3, current: 2 }, msg: '成功' });
  });

  it('answers a 2 MB body with a 413 envelope', async () => {
    const { app } = await createTestApp({ extraRoutes: testRoutes });
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), age: 1 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { ...json, 'api-language': 'en' },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, data: null, msg: 'The request body is too large' });
  });

  it('answers an unsupported content type with a 400 envelope (decision: not 415)', async () => {
    const { app } = await createTestApp({ extraRoutes: testRoutes });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/xml', 'api-language': 'en' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, data: null, msg: 'Unsupported content type' });
  });

  it('hides the detail of an unexpected error behind a generic 500 message', async () => {
    const { app } = await createTestApp({ extraRoutes: testRoutes });
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/test/boom',
      headers: { 'api-language': 'en' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 500,
      data: null,
      msg: 'Something went wrong, please try again later',
    });
    expect(res.body).not.toContain('hunter2');
  });

  it('sends an AppError with its code and HTTP status', async () => {
    const { app } = await createTestApp({ extraRoutes: testRoutes });
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, data: null, msg: '请求冲突，请刷新后重试' });
  });

  it('answers 429 with an envelope once the per-IP limit is used up', async () => {
    const { app } = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await app.inject({ method: 'GET', url: '/api/v1/dict/sex' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await app.inject({
      method: 'GET',
      url: '/api/v1/dict/sex',
      headers: { 'api-language': 'en' },
    });
    expect(limited.json()).toEqual({
      code: 429,
      data: null,
      msg: 'Too many requests, please try again later',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another client (IP) is not affected.
    const other = await app.inject({ method: 'GET', url: '/api/v1/dict/sex', remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(200);
  });

  it('keeps serving when the Redis of the shared limiter is unreachable (the limiter falls open)', async () => {
    const { app } = await createTestApp({
      env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_MINUTE: '1' },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await app.inject({ method: 'GET', url: '/api/v1/dict/sex' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200]);
  });

  it('takes the client IP from X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const limited = { RATE_LIMIT_PER_MINUTE: '1' };
    const direct = await createTestApp({ env: limited });
    await direct.app.inject({
      method: 'GET',
      url: '/api/v1/dict/sex',
      headers: { 'x-forwarded-for': '1.1.1.1' },
    });
    const spoofed = await direct.app.inject({
      method: 'GET',
      url: '/api/v1/dict/sex',
      headers: { 'x-forwarded-for': '2.2.2.2' },
    });
    expect(spoofed.statusCode).toBe(429);
    await direct.close();

    const proxied = await createTestApp({ env: { ...limited, TRUST_PROXY: '1' } });
    await proxied.app.inject({
      method: 'GET',
      url: '/api/v1/dict/sex',
      headers: { 'x-forwarded-for': '1.1.1.1' },
    });
    const second = await proxied.app.inject({
      method: 'GET',
      url: '/api/v1/dict/sex',
      headers: { 'x-forwarded-for': '2.2.2.2' },
    });
    expect(second.statusCode).toBe(200);
  });
});

describe('response headers', () => {
  it('sends the security headers on API replies and pages', async () => {
    const { app } = await createTestApp();
    for (const url of ['/api/v1/dict/sex', '/api/v1/no/such/call', '/', '/course/index', '/health']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp, url).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("media-src 'self' blob: data:");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("gives pages the app's policy and JSON replies one that loads nothing", async () => {
    const { app } = await createTestApp();
    for (const url of ['/', '/course/index']) {
      const csp = (await app.inject({ method: 'GET', url })).headers['content-security-policy'] as string;
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
    }
    for (const url of [
      '/api/v1/dict/sex',
      '/api/v1/teacher/getTeacherList',
      '/api/v1/no/such/call',
      '/health',
    ]) {
      const csp = (await app.inject({ method: 'GET', url })).headers['content-security-policy'] as string;
      expect(csp, url).toMatch(/^default-src 'none';/);
      expect(csp).not.toContain('script-src');
    }
  });

  it('keeps the headers only a document acts on for pages, and the resource policy for every reply', async () => {
    const { app } = await createTestApp();
    const documentOnly = [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'x-frame-options',
    ];
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(page.headers['x-frame-options']).toBe('DENY');
    for (const name of documentOnly) expect(page.headers[name], name).toBeDefined();
    for (const url of ['/api/v1/dict/sex', '/api/v1/no/such/call', '/health']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const name of documentOnly) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it("gives the build's hashed files the headers of a reply that is never a document, and its other files the page's", async () => {
    const web = createFakeWebDist();
    const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
    for (const url of [web.assetPath, '/assets/missing-abc.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toMatch(/^default-src 'none';/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    // An SVG outside /assets/ can be opened as a document: the page's policy, framing refused.
    for (const url of ['/favicon.svg', '/', '/course/index']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('turns on HSTS and upgrade-insecure-requests when served over HTTPS, with the media hosts', async () => {
    const { app } = await createTestApp({
      env: {
        PUBLIC_URL: 'https://school.example',
        ALLOW_SANDBOX_PAYMENTS: '1',
        MEDIA_HOSTS: 'https://media.example.com,video.example.net',
      },
    });
    const res = await app.inject({ method: 'GET', url: '/api/v1/dict/sex' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).toMatch(/media-src 'self' blob: data: https:\/\/media\.example\.com video\.example\.net/);
  });

  it('gives every request its own id', async () => {
    const { app } = await createTestApp();
    const a = await app.inject({ method: 'GET', url: '/health' });
    const b = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'spoofed' } });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect(b.headers['x-request-id']).not.toBe('spoofed');
  });

  it('marks API replies no-store, errors included', async () => {
    const { app } = await createTestApp();
    for (const url of ['/health', '/api/v1/dict/unknown', '/api/nothing']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('marks private replies no-store under every spelling of their path', async () => {
    const t = await createTestApp();
    const { token } = await loginBySms(t);
    const spellings = [
      '/api/v1/user/getUserInfo',
      '/%61pi/v1/user/getUserInfo',
      '/api/v1/%75ser/getUserInfo',
      '/%61%70%69/%76%31/%75%73%65%72/getUserInfo',
      '/api/v1/user/getUserInfo/',
    ];
    for (const url of spellings) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    for (const url of ['/%68ealth', '/%61pi/v1/dict/unknown', '/%61pi/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('OpenAPI', () => {
  it('publishes the document with every API route and its tags', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/health', '/api/v1/dict/{name}', '/api/v1/app/config']),
    );
    expect(doc.paths['/api/v1/dict/{name}'].get.tags).toEqual(['dict']);
    expect(doc.paths['/api/v1/app/config'].get.responses['200']).toBeDefined();
  });

  it('serves the docs UI with its own CSP that allows its inline scripts', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBeLessThan(400);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
