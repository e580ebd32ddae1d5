import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export const baseURL = (): string => inject('baseURL');

export type LaunchOptions = {
  /** A fake microphone and camera, granted without a prompt (MediaRecorder tests). */
  fakeMedia?: boolean;
};

/** Debian's Chromium; never a downloaded browser (DESIGN.md §4). */
export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...(options.fakeMedia ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] : []),
    ],
  });
}

export type TestPage = { context: BrowserContext; page: Page; errors: string[] };

/** A fresh context + page that records console errors and uncaught exceptions. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return { context, page, errors };
}

/** Seeds localStorage of the app's origin before the app first runs (a reload keeps it). */
export async function seedStorage(page: Page, values: Record<string, string>): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

/** Navigates and waits until the shell has rendered (header and footer present). */
export async function gotoApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('header.ls-header').waitFor();
  await page.locator('footer.ls-footer').waitFor();
}

/** Waits until /app/config arrived (the footer's business link only renders with it). */
export async function waitForConfig(page: Page): Promise<void> {
  await page.locator('footer a[href^="mailto:"]').first().waitFor();
}

/**
 * One browser per test file: launched before the file, closed after it. `open()` gives a fresh
 * context whose console errors fail the test that opened it (unless they match `ignoreConsole`).
 */
export function useBrowser(options: LaunchOptions & { ignoreConsole?: RegExp } = {}) {
  let browser: Browser | undefined;
  const opened: TestPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser(options);
  });
  afterEach(async () => {
    const errors = opened.flatMap((tp) => tp.errors).filter((e) => !options.ignoreConsole?.test(e));
    await Promise.all(opened.splice(0).map((tp) => tp.context.close()));
    expect(errors, 'console errors').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open(contextOptions?: BrowserContextOptions): Promise<TestPage> {
      if (!browser) throw new Error('the browser is not launched yet');
      const tp = await openPage(browser, contextOptions);
      opened.push(tp);
      return tp;
    },
  };
}

/** The app's stored settings (SETTINGS key): language chosen manually, dark or light. */
export const settingsValue = (dark: boolean): string => JSON.stringify({ languageManual: true, dark });

/** GET a public API call and return its envelope's data (asserting code 200). */
export async function apiData<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL()}/api/v1${path}`);
  const body = (await res.json()) as { code: number; data: T };
  expect(body.code).toBe(200);
  return body.data;
}
