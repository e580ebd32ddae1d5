/**
 * Lighthouse for `npm run bench:web` (bench/web-weight.bench.ts calls it): each page, mobile and
 * desktop, run serially BENCH_LH_RUNS times (default 3) in a fresh Debian Chromium each time, offline
 * (the real server on loopback). Reports the median of each figure: the performance, accessibility,
 * best practices and SEO scores, total blocking time, largest contentful paint and the machine's
 * benchmarkIndex. Pages under /user and /course and the booking page run with the demo student
 * logged in ("remember me"), the browser cache cleared before Lighthouse loads them.
 * BENCH_LH_SAVE=dir writes each run's full report (JSON) there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';

export type FormFactor = 'mobile' | 'desktop';

export type LighthouseFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  tbtMs: number;
  lcpMs: number;
  benchmarkIndex: number;
};

export type LighthouseRow = { page: string; form: FormFactor; runs: number } & LighthouseFigures;

/** The flags of DESIGN.md §4 for Debian's Chromium; the debugging port is chosen by Chromium. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type Chrome = { port: number; close: () => Promise<void> };

async function launchChrome(): Promise<Chrome> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lh-'));
  const child: ChildProcess = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    // A process group of its own, so that closing ends its helper processes too.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${text}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${text}`)));
  });
  child.stderr?.resume();
  return {
    port,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await exited;
      // A helper process may still be writing to the profile for a moment: retry, and at worst
      // leave the temporary directory behind rather than lose the run's figures.
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`could not remove ${profile}: ${String(error)}`);
      }
    },
  };
}

/** Pages that need the demo student's session (the route guard sends a visitor to /login). */
export const needsLogin = (page: string): boolean => /^\/(user|course|teacher\/booking)\b/.test(page);

/** Logs the demo student in with "remember me" in the browser at `port`, then empties its cache. */
async function logIn(port: number, base: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByTestId('login-method-toggle').click();
    await page.getByTestId('login-mobile').fill('13800138000');
    await page.getByTestId('login-password').fill('demo1234');
    await page.getByTestId('login-remember').check();
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.getByTestId('login-submit').click();
    await reloaded;
    // Attached, not visible: in a narrow window the user area sits in the closed phone menu.
    await page.getByTestId('user-area').waitFor({ state: 'attached', timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects playwright; the browser keeps running for Lighthouse.
    await browser.close();
  }
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

async function runOnce(base: string, page: string, form: FormFactor): Promise<LighthouseFigures> {
  const chrome = await launchChrome();
  try {
    const login = needsLogin(page);
    if (login) await logIn(chrome.port, base);
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // The session lives in localStorage: keep it for the logged-in pages (the cache is cleared).
      disableStorageReset: login,
    };
    const result = await lighthouse(`${base}${page}`, flags, form === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { lhr } = result;
    // BENCH_LH_SAVE=dir keeps each run's full report, to see which audits cost the points.
    const saveDir = process.env.BENCH_LH_SAVE;
    if (saveDir) {
      fs.mkdirSync(saveDir, { recursive: true });
      const name = `${form}-${page.replace(/[^\w]+/g, '_')}-${Date.now()}.json`;
      fs.writeFileSync(path.join(saveDir, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse ${page} (${form}): ${lhr.runtimeError.message}`);
    const finalUrl = new URL(lhr.finalDisplayedUrl);
    if (login && finalUrl.pathname === '/login') throw new Error(`${page} was sent to /login: not logged in`);
    return {
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      bestPractices: score(lhr.categories['best-practices']?.score),
      seo: score(lhr.categories.seo?.score),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    };
  } finally {
    await chrome.close();
  }
}

/**
 * One run, tried again (twice at most) when Lighthouse reports a failed recording, such as
 * NO_NAVSTART: a trace that missed the navigation, not a figure of the page.
 */
async function runWithRetry(base: string, page: string, form: FormFactor): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(base, page, form);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`  ${form} ${page}: ${String(error)}; running it again`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (i: number) => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(mid) : Math.round((at(mid - 1) + at(mid)) / 2);
}

/** Every page × form factor, serially; each figure is the median over `runs` runs. */
export async function runLighthouse(
  base: string,
  pages: readonly string[],
  forms: readonly FormFactor[],
  runs: number,
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const page of pages) {
    for (const form of forms) {
      const results: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) results.push(await runWithRetry(base, page, form));
      const pick = (key: keyof LighthouseFigures) => median(results.map((r) => r[key]));
      const row: LighthouseRow = {
        page,
        form,
        runs,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        tbtMs: pick('tbtMs'),
        lcpMs: pick('lcpMs'),
        benchmarkIndex: pick('benchmarkIndex'),
      };
      console.info(
        `  ${form.padEnd(7)} ${page}: perf ${row.performance} (runs ${results.map((r) => r.performance).join('/')}), ` +
          `TBT ${row.tbtMs} ms, LCP ${row.lcpMs} ms, a11y ${row.accessibility}, BP ${row.bestPractices}, ` +
          `SEO ${row.seo}, benchmarkIndex ${row.benchmarkIndex}`,
      );
      rows.push(row);
    }
  }
  return rows;
}
