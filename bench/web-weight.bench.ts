/**
 * `npm run bench:web`: what a phone downloads and how long it waits, per page of the web app.
 * Builds the web app when stale, starts the real server in-process on a fresh demo database, opens
 * each page at 375 × 812 in Debian's Chromium (a fresh context each time: an empty cache) and reports
 * the JavaScript it fetched (files, bytes before and after compression as sent) and everything it
 * transferred. Then it loads each page again under a phone profile (Lighthouse's mobile throttling:
 * 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower) and reports when the page's first
 * content appeared and when the network went quiet (medians of BENCH_WEB_RUNS loads, default 3).
 * BENCH_WEB_PAGES: comma-separated paths instead of the default set.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../apps/web/e2e/chromium.ts';
import { ensureWebBuilt, root } from '../scripts/lib/ensure.mjs';
import { startBenchServer } from './server.ts';

const PAGES = (process.env.BENCH_WEB_PAGES ?? '/,/ielts,/ielts/SpeakingSamples,/login').split(',');
/** Where each page's own content shows (not just the shell). */
const READY: Record<string, string> = {
  '/': '[data-testid="teacher-card"]',
  '/ielts': '[data-testid="ielts-current-bank"]',
  '/ielts/SpeakingSamples': '[data-testid="ielts-sample-record"]',
  '/login': 'input',
};
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PHONE = { latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };

ensureWebBuilt();
const server = await startBenchServer({
  DATABASE_URL: undefined,
  WEB_DIST: path.join(root, 'apps/web/dist'),
});
const { base } = server;

const browser: Browser = await launchChromium();

async function phonePage(throttled: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    locale: 'zh-CN',
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  if (throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  return page;
}

type Weight = { jsFiles: number; jsRaw: number; jsSent: number; allSent: number; requests: number };

async function weigh(pathname: string): Promise<Weight> {
  const page = await phonePage(false);
  const done: Promise<{ type: string; raw: number; sent: number }>[] = [];
  page.on('requestfinished', (request) => {
    done.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        const raw = response ? (await response.body().catch(() => Buffer.alloc(0))).length : 0;
        return {
          type: request.resourceType(),
          raw,
          sent: sizes.responseBodySize + sizes.responseHeadersSize,
        };
      })(),
    );
  });
  await page.goto(pathname);
  await page
    .locator(READY[pathname] ?? 'footer')
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(done);
  await page.context().close();
  const js = all.filter((r) => r.type === 'script');
  const sum = (rows: typeof all, key: 'raw' | 'sent') => rows.reduce((total, r) => total + r[key], 0);
  return {
    jsFiles: js.length,
    jsRaw: sum(js, 'raw'),
    jsSent: sum(js, 'sent'),
    allSent: sum(all, 'sent'),
    requests: all.length,
  };
}

async function timeOnPhone(pathname: string): Promise<{ fcp: number; ready: number; idle: number }> {
  const page = await phonePage(true);
  const start = Date.now();
  await page.goto(pathname);
  await page
    .locator(READY[pathname] ?? 'footer')
    .first()
    .waitFor({ timeout: 60_000 });
  const ready = Date.now() - start;
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  const idle = Date.now() - start;
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await page.context().close();
  return { fcp: Math.round(fcp), ready, idle };
}

const kb = (bytes: number) => Math.round(bytes / 1024);
const rows: Record<string, unknown>[] = [];
try {
  for (const pathname of PAGES) {
    const w = await weigh(pathname);
    const runs: Awaited<ReturnType<typeof timeOnPhone>>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await timeOnPhone(pathname));
    const median = (key: 'fcp' | 'ready' | 'idle') =>
      runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    const t = { fcp: median('fcp'), ready: median('ready'), idle: median('idle') };
    rows.push({
      page: pathname,
      requests: w.requests,
      'js files': w.jsFiles,
      'js KB': kb(w.jsRaw),
      'js KB sent': kb(w.jsSent),
      'all KB sent': kb(w.allSent),
      'phone FCP ms': t.fcp,
      'phone content ms': t.ready,
      'phone idle ms': t.idle,
    });
  }
} finally {
  await browser.close();
  await server.close();
}

console.info(
  `\nweb app at 375 px, empty cache; phone = 150 ms RTT, 1.6 Mbit/s, CPU ×4 (node ${process.version})`,
);
console.table(rows); // eslint-disable-line no-console -- the table is the output of the benchmark
