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
import { runLighthouse, type FormFactor, type LighthouseRow } from './lighthouse.ts';
import { measureTeacherListInteractions, type InteractionRow } from './lighthouse-inp.ts';
import { writeQualityReport } from './lighthouse-report.ts';
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
/** Which parts run: weight (transfer sizes and phone timings), inp, lighthouse. */
const PARTS = new Set((process.env.BENCH_WEB_PARTS ?? 'weight,inp,lighthouse').split(','));
const LH_PAGES = (
  process.env.BENCH_LH_PAGES ??
  '/,/ielts,/login,/?teacher=1,/teacher/booking/1,/course/index,/user/recharge,/user/home'
).split(',');
const LH_FORMS = (process.env.BENCH_LH_FORMS ?? 'mobile,desktop').split(',') as FormFactor[];
const PHONE = { latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };

// BENCH_WEB_DIST: a built app elsewhere (a copy of an earlier build, to compare); else the fresh build.
if (!process.env.BENCH_WEB_DIST) ensureWebBuilt();
const server = await startBenchServer({
  DATABASE_URL: undefined,
  WEB_DIST: process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist'),
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
  const done: Promise<{ type: string; url: string; raw: number; sent: number }>[] = [];
  page.on('requestfinished', (request) => {
    done.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        const raw = response ? (await response.body().catch(() => Buffer.alloc(0))).length : 0;
        return {
          type: request.resourceType(),
          url: request.url(),
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
  if (process.env.BENCH_WEB_FILES === '1') {
    // Which files make a page's JavaScript, largest first (what to look at when a page grows).
    console.info(`\n${pathname}: JavaScript fetched until the network was idle`);
    // eslint-disable-next-line no-console -- the list is this option's output
    console.table(
      [...js]
        .sort((a, b) => b.sent - a.sent)
        .map((r) => ({ file: new URL(r.url).pathname, 'KB sent': (r.sent / 1024).toFixed(1) })),
    );
  }
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
let lighthouseRows: LighthouseRow[] = [];
let inpRows: InteractionRow[] = [];
try {
  for (const pathname of PARTS.has('weight') ? PAGES : []) {
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
  if (PARTS.has('inp')) {
    console.info('\n› INP on the teacher list (phone profile, CPU ×4)…');
    inpRows = await measureTeacherListInteractions(browser, base, RUNS);
  }
  await browser.close();
  if (PARTS.has('lighthouse')) {
    console.info(`\n› Lighthouse ${LH_FORMS.join(' + ')}, ${RUNS} runs each, serially…`);
    lighthouseRows = await runLighthouse(base, LH_PAGES, LH_FORMS, RUNS);
  }
} finally {
  await browser.close();
  await server.close();
}

/* eslint-disable no-console -- the tables are the output of the benchmark */
if (rows.length) {
  console.info(
    `\nweb app at 375 px, empty cache; phone = 150 ms RTT, 1.6 Mbit/s, CPU ×4 (node ${process.version})`,
  );
  console.table(rows);
}
if (inpRows.length) {
  console.info(`\nteacher list interactions, phone profile (median of ${RUNS}; target ≤ 100 ms processing)`);
  console.table(inpRows);
}
if (lighthouseRows.length) {
  console.info(`\nLighthouse 12.8 (median of ${RUNS} runs per figure)`);
  console.table(lighthouseRows);
}
/* eslint-enable no-console */
if (process.env.BENCH_WEB_WRITE !== '0' && (lighthouseRows.length || inpRows.length)) {
  const file = await writeQualityReport({ lighthouse: lighthouseRows, interactions: inpRows, runs: RUNS });
  console.info(`\nFigures appended to ${file} (Web section).`);
}
