import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
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

  it("allows index.html's inline scripts by their hash, and no other inline script", async () => {
    const web = createFakeWebDist();
    const inline = "\n      document.documentElement.classList.toggle('dark', true);\n    ";
    fs.writeFileSync(
      path.join(web.dir, 'index.html'),
      `<!doctype html><html><head><script>${inline}</script><script type="module" src="/assets/x-abc123.js"></script></head><body></body></html>`,
    );
    const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
    const expected = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    for (const url of ['/', '/ielts']) {
      const res = await app.inject({ method: 'GET', url });
      const scriptSrc = /script-src ([^;]*)/.exec(res.headers['content-security-policy'] as string)?.[1];
      expect(scriptSrc, url).toBe(`'self' ${expected}`);
    }
    // A JSON reply is no document: its policy allows no script at all (default-src 'none').
    const api = await app.inject({ method: 'GET', url: '/api/v1/dict/sex' });
    expect(api.headers['content-security-policy']).toMatch(/^default-src 'none';/);
    expect(api.headers['content-security-policy']).not.toContain('script-src');
  });

  describe('precompressed copies (the web build writes x.br and x.gz beside x)', () => {
    /** A fake build whose asset and index.html have real Brotli and gzip copies. */
    async function compressedApp() {
      const web = createFakeWebDist();
      for (const rel of ['index.html', web.assetPath.slice(1)]) {
        const file = path.join(web.dir, rel);
        const data = fs.readFileSync(file);
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data));
      }
      const asset = fs.readFileSync(path.join(web.dir, web.assetPath.slice(1)), 'utf8');
      const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
      return { app, web, asset };
    }

    it('sends the Brotli copy to a browser that accepts br, the gzip one to one that accepts gzip only', async () => {
      const { app, web, asset } = await compressedApp();
      const cases = [
        { accept: 'gzip, deflate, br, zstd', encoding: 'br', decode: zlib.brotliDecompressSync },
        { accept: 'gzip, deflate', encoding: 'gzip', decode: zlib.gunzipSync },
      ];
      for (const { accept, encoding, decode } of cases) {
        const res = await app.inject({
          method: 'GET',
          url: web.assetPath,
          headers: { 'accept-encoding': accept },
        });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers['content-type'], accept).toMatch(/javascript/);
        expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
        expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
        expect(decode(res.rawPayload).toString('utf8'), accept).toBe(asset);
      }
    });

    it('sends the plain file when the browser accepts no encoding we have', async () => {
      const { app, web, asset } = await compressedApp();
      for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'zstd' }]) {
        const res = await app.inject({ method: 'GET', url: web.assetPath, headers });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body).toBe(asset);
      }
    });

    it('compresses the history fallback too, and falls back to the plain file where no copy exists', async () => {
      const { app, web } = await compressedApp();
      const page = await app.inject({
        method: 'GET',
        url: '/teacher/booking/12',
        headers: { 'accept-encoding': 'br' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(page.rawPayload).toString('utf8')).toBe(web.indexHtml);

      const icon = await app.inject({
        method: 'GET',
        url: '/favicon.svg',
        headers: { 'accept-encoding': 'br' },
      });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-encoding']).toBeUndefined();
      expect(icon.body).toContain('<svg');
    });
  });

  describe('index.html from memory (the first response of every visit)', () => {
    it('answers a revalidation of the page with 304, whichever encoding the copy was in', async () => {
      const web = createFakeWebDist();
      const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
      const first = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.vary).toBe('accept-encoding');
      for (const url of ['/', '/course/index', '/teacher/booking/3']) {
        for (const headers of [
          { 'if-none-match': etag },
          { 'if-none-match': etag.slice(2), 'accept-encoding': 'gzip' },
          { 'if-none-match': `"other", ${etag}` },
        ]) {
          const res = await app.inject({ method: 'GET', url, headers });
          expect(res.statusCode, url).toBe(304);
          expect(res.body, url).toBe('');
          expect(res.headers.etag, url).toBe(etag);
          expect(res.headers['cache-control'], url).toBe('no-cache');
        }
      }
      const stale = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': 'W/"other"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(web.indexHtml);
    });

    it('keeps the home page out of the API document', async () => {
      const web = createFakeWebDist();
      const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
      const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, unknown>;
      };
      expect(Object.keys(doc.paths).filter((url) => !url.startsWith('/api/'))).toEqual(['/health']);
    });

    it('sends gzip to a browser without Brotli, and headers without a body to HEAD', async () => {
      const web = createFakeWebDist();
      const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
      const gz = await app.inject({
        method: 'GET',
        url: '/user/home',
        headers: { 'accept-encoding': 'gzip, deflate' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(web.indexHtml);
      for (const url of ['/', '/user/home']) {
        const head = await app.inject({ method: 'HEAD', url });
        expect(head.statusCode, url).toBe(200);
        expect(head.headers['content-type'], url).toMatch(/^text\/html/);
        expect(head.headers['content-length'], url).toBe(String(Buffer.byteLength(web.indexHtml)));
        expect(head.body, url).toBe('');
      }
    });

    it('serves a web build written while the server runs, and the last copy while the file is missing', async () => {
      const web = createFakeWebDist();
      const { app, clock } = await createTestApp({ env: { WEB_DIST: web.dir } });
      const before = await app.inject({ method: 'GET', url: '/ielts' });
      const rebuilt = web.indexHtml.replace('fake spa', 'rebuilt spa');
      fs.writeFileSync(path.join(web.dir, 'index.html'), rebuilt);
      clock.advance(1_000);
      for (const url of ['/', '/ielts']) {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8'), url).toBe(rebuilt);
        expect(res.headers.etag, url).not.toBe(before.headers.etag);
      }
      fs.rmSync(path.join(web.dir, 'index.html'));
      clock.advance(1_000);
      const missing = await app.inject({ method: 'GET', url: '/course/index' });
      expect(missing.statusCode).toBe(200);
      expect(missing.body).toBe(rebuilt);
    });
  });

  describe("the landing pages' own documents (first-screens.json of the web build)", () => {
    /** A fake build with the home and booking pages' documents, listed as the web build lists them. */
    function withLandingDocuments(documents: Array<{ pattern: string; document: string }>) {
      const web = createFakeWebDist();
      fs.mkdirSync(path.join(web.dir, 'first-screens'));
      const html = (id: string) =>
        web.indexHtml.replace('<div id="root"></div>', `<div id="root">${id}</div>`);
      for (const id of ['home', 'booking']) {
        fs.writeFileSync(path.join(web.dir, 'first-screens', `${id}.html`), html(id));
      }
      fs.writeFileSync(path.join(web.dir, 'first-screens.json'), JSON.stringify({ documents }));
      return { web, html };
    }
    const LISTED = [
      { pattern: '^\\/$', document: 'first-screens/home.html' },
      { pattern: '^\\/teacher\\/booking\\/([1-9]\\d{0,8})\\/?$', document: 'first-screens/booking.html' },
    ];

    it("sends each landing page's document for its paths and index.html for every other route", async () => {
      const { web, html } = withLandingDocuments(LISTED);
      const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
      const cases: Array<[string, string]> = [
        ['/', html('home')],
        ['/?lang=en', html('home')],
        ['/teacher/booking/12', html('booking')],
        ['/teacher/booking/12/?week=1', html('booking')],
        // Judged by the decoded path, as the router judges it.
        ['/%74eacher/booking/3', html('booking')],
        ['/teacher/booking/0', web.indexHtml],
        ['/teacher/booking/abc', web.indexHtml],
        ['/course/index', web.indexHtml],
        ['/ielts', web.indexHtml],
      ];
      const etags = new Set<string>();
      for (const [url, body] of cases) {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8'), url).toBe(body);
        etags.add(res.headers.etag as string);
      }
      // One ETag per document: a revalidation never answers 304 for another page's document.
      expect(etags.size).toBe(3);
      const home = await app.inject({ method: 'GET', url: '/' });
      const booking = await app.inject({
        method: 'GET',
        url: '/teacher/booking/5',
        headers: { 'if-none-match': home.headers.etag as string },
      });
      expect(booking.statusCode).toBe(200);
      expect(booking.body).toBe(html('booking'));
    });

    it("serves a rebuilt page's document from then on", async () => {
      const { web, html } = withLandingDocuments(LISTED);
      const { app, clock } = await createTestApp({ env: { WEB_DIST: web.dir } });
      expect((await app.inject({ method: 'GET', url: '/' })).body).toBe(html('home'));
      const rebuilt = html('home, rebuilt');
      fs.writeFileSync(path.join(web.dir, 'first-screens', 'home.html'), rebuilt);
      clock.advance(1_000);
      expect((await app.inject({ method: 'GET', url: '/' })).body).toBe(rebuilt);
    });

    it('leaves out an entry whose document is missing or outside the build, and serves index.html there', async () => {
      const { web } = withLandingDocuments([
        { pattern: '^\\/$', document: 'first-screens/missing.html' },
        { pattern: '^\\/teacher\\/booking\\/\\d+$', document: '../index.html' },
      ]);
      const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
      for (const url of ['/', '/teacher/booking/3']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(web.indexHtml);
      }
    });

    it('serves index.html everywhere when the list is not JSON', async () => {
      const { web } = withLandingDocuments(LISTED);
      fs.writeFileSync(path.join(web.dir, 'first-screens.json'), '{"documents": [');
      const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
      expect((await app.inject({ method: 'GET', url: '/teacher/booking/3' })).body).toBe(web.indexHtml);
    });
  });

  describe("robots.txt and sitemap.xml (not the app's HTML)", () => {
    const PUBLIC = ['/', '/ielts', '/login', '/help/faq', '/help/manual', '/help/app'];

    it('serves robots.txt that allows the public pages, disallows /user, /course and /api, and names the sitemap', async () => {
      const web = createFakeWebDist();
      const { app } = await createTestApp({
        env: { WEB_DIST: web.dir, PUBLIC_URL: 'https://school.example/', ALLOW_SANDBOX_PAYMENTS: '1' },
      });
      const res = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).not.toContain('<html');
      const lines = res.body.split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([
          'User-agent: *',
          'Allow: /',
          'Disallow: /user',
          'Disallow: /course',
          'Disallow: /api',
          'Sitemap: https://school.example/sitemap.xml',
        ]),
      );
      // No public page is disallowed.
      const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10));
      for (const page of PUBLIC) {
        expect(
          disallowed.some((d) => page.startsWith(d) && d !== ''),
          page,
        ).toBe(false);
      }
    });

    it('lists the public routes in sitemap.xml with absolute URLs from PUBLIC_URL', async () => {
      const web = createFakeWebDist();
      const { app } = await createTestApp({
        env: { WEB_DIST: web.dir, PUBLIC_URL: 'https://school.example', ALLOW_SANDBOX_PAYMENTS: '1' },
      });
      const res = await app.inject({
        method: 'GET',
        url: '/sitemap.xml',
        headers: { host: 'other.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      for (const page of PUBLIC) expect(locs).toContain(`https://school.example${page}`);
      expect(locs.every((loc) => loc!.startsWith('https://school.example/'))).toBe(true);
      expect(locs.some((loc) => /\/(user|course|api)(\/|$)/.test(new URL(loc!).pathname))).toBe(false);
    });

    it("uses the request's host when PUBLIC_URL is not set, and never an invalid Host header", async () => {
      const web = createFakeWebDist();
      const { app } = await createTestApp({ env: { WEB_DIST: web.dir } });
      const robots = await app.inject({
        method: 'GET',
        url: '/robots.txt',
        headers: { host: 'school.test:8080' },
      });
      expect(robots.body).toContain('Sitemap: http://school.test:8080/sitemap.xml');
      const sitemap = await app.inject({
        method: 'GET',
        url: '/sitemap.xml',
        headers: { host: '[::1]:3000' },
      });
      expect(sitemap.body).toContain('<loc>http://[::1]:3000/help/faq</loc>');
      for (const host of ['evil.example/<x>', 'a b', 'x"><script>']) {
        const res = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host } });
        expect(res.statusCode, host).toBe(200);
        expect(res.body, host).toContain('<loc>http://localhost:');
        expect(res.body, host).not.toContain('<script');
      }
    });

    it('serves both even when the web app is not built', async () => {
      const { app } = await createTestApp();
      const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.headers['content-type']).toMatch(/^text\/plain/);
      const sitemap = await app.inject({ method: 'HEAD', url: '/sitemap.xml' });
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    });
  });
});
