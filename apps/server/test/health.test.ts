import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app.ts';

describe('GET /health', () => {
  it('reports ok and the database engine', async () => {
    const { app, dialect } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, data: { status: 'ok', db: dialect }, msg: '成功' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with an envelope when the database is gone', async () => {
    const testApp = await createTestApp();
    await testApp.closeDatabase();
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'api-language': 'en' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, data: null, msg: 'Service unavailable' });
  });
});

describe('GET /health?details=1 (operators)', () => {
  const OPS_TOKEN = 'ops-token-0123456789abcdef0123456789abcdef';

  it('gives the last ledger audit only with the operators’ token; /health itself stays as it was', async () => {
    const { app, dialect } = await createTestApp({ env: { OPS_TOKEN } });
    const plain = await app.inject({ method: 'GET', url: '/health', headers: { 'x-ops-token': OPS_TOKEN } });
    expect(plain.json()).toEqual({ code: 200, data: { status: 'ok', db: dialect }, msg: '成功' });

    for (const token of [undefined, '', 'wrong', OPS_TOKEN.slice(0, -1), `${OPS_TOKEN}x`]) {
      const refused = await app.inject({
        method: 'GET',
        url: '/health?details=1',
        headers: { 'api-language': 'en', ...(token === undefined ? {} : { 'x-ops-token': token }) },
      });
      expect(refused.statusCode, String(token)).toBe(403);
      expect(refused.json()).toEqual({ code: 403, data: null, msg: 'Access denied' });
    }

    const details = await app.inject({
      method: 'GET',
      url: '/health?details=1',
      headers: { 'x-ops-token': OPS_TOKEN },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({
      code: 200,
      data: { status: 'ok', db: dialect, ledger_audit: null },
      msg: '成功',
    });
    expect(details.headers['cache-control']).toBe('no-store');
  });

  it('refuses the details to everyone when OPS_TOKEN is not set', async () => {
    const { app } = await createTestApp();
    const reply = await app.inject({
      method: 'GET',
      url: '/health?details=1',
      headers: { 'x-ops-token': OPS_TOKEN },
    });
    expect(reply.statusCode).toBe(403);
  });

  it('refuses a short OPS_TOKEN at start', async () => {
    await expect(createTestApp({ env: { OPS_TOKEN: 'short' } })).rejects.toThrow(/OPS_TOKEN/);
  });
});
