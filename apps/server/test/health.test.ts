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
