import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const LIST = '/api/v1/teacher/getTeacherList?current=1&size=12&tz=Asia%2FShanghai';
const BANK = '/api/v1/ielts/getIssueDetail?type=part1';

/** An app on demo data (teachers and the IELTS bank make replies of several KB). */
const demoApp = (): Promise<TestApp> => createTestApp({ env: { SEED_DEMO: '1' } });

const getter =
  (t: TestApp) =>
  (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'api-language': 'en', ...headers } });

describe('compression of API replies', () => {
  it('sends replies over 1 KB in Brotli or gzip, as the client prefers, with the same content', async () => {
    const get = getter(await demoApp());
    for (const url of [LIST, BANK]) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.rawPayload.length, url).toBeGreaterThan(1024);

      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')), url).toEqual(
        plain.json(),
      );

      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8')), url).toEqual(plain.json());

      // Caches keep the encodings apart, and the languages too.
      expect(br.headers.vary, url).toMatch(/api-language/i);
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
    }
  });

  it('keeps ETags over the content: a compressed request revalidates to an empty 304', async () => {
    const get = getter(await demoApp());
    for (const url of [BANK, LIST]) {
      const plain = await get(url);
      const etag = plain.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.headers.etag, url).toBe(etag);
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      expect(again.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('leaves small replies and clients that accept no encoding alone', async () => {
    const get = getter(await demoApp());
    const small = await get('/api/v1/dict/sex', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(200);
    for (const accept of ['identity', 'zstd', 'compress']) {
      const res = await get(LIST, { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.json().code, accept).toBe(200);
    }
  });

  it('does not inflate compressed request bodies: a gzip body is a syntax error, not a 500', async () => {
    const { app } = await demoApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'api-language': 'en' },
      payload: zlib.gzipSync(JSON.stringify({ mobile: '13800138000', password: 'x', currentTab: 1 })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toBe(400);
  });
});
