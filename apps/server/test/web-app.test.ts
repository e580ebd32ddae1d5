import { describe, expect, it } from 'vitest';
import { createFakeWebDist, createTestApp } from './helpers/test-app.ts';

describe('web app', () => {
  it('serves index.html for deep SPA routes (history fallback) with no-cache', async () => {
    const web = createFakeWebDist();
    const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
    const routes = [
      '/',
      '/course/index',
      '/user/other/feedback',
      '/teacher/booking/12?teacher=3',
      '/no/such/page',
      `/ielts/SpeakingSamples/view/3/TiMu/1/2/part1/4/${encodeURIComponent('Hobbies & free time?')}/${encodeURIComponent('业余 爱好 %/#')}`,
    ];
    for (const url of routes) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(web.indexHtml);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('caches hashed assets for a year as immutable', async () => {
    const web = createFakeWebDist();
    const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
    const res = await app.inject({ method: 'GET', url: web.assetPath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('console.log');
  });

  it('serves other files of the build with revalidation', async () => {
    const web = createFakeWebDist();
    const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with a plain 404, never index.html', async () => {
    const web = createFakeWebDist();
    const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
    const res = await app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });

  it('does not serve files outside the build (path traversal)', async () => {
    const web = createFakeWebDist();
    const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
    for (const url of [
      '/../package.json',
      '/assets/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/.env',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('"name"');
      expect(res.body, url).not.toContain('root:');
    }
  });

  it('keeps /api paths out of the fallback', async () => {
    const web = createFakeWebDist();
    const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
    const res = await app.inject({ method: 'GET', url: '/api/v1/course/index' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });

  it('serves a plain page saying the web app is not built when WEB_DIST is missing', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/course/index' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('not built');
  });
});
