import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from './chromium.ts';
import { serverFor } from './servers.ts';

/** The server this test file runs against (one per worker: servers.ts). */
export const baseURL = (): string => serverFor(inject('servers')).baseURL;

export type LaunchOptions = {
  /** A fake microphone and camera, granted without a prompt (MediaRecorder tests). */
  fakeMedia?: boolean;
};

/** Chromium for the browser tests (chromium.ts), with QUIC off and, when asked, a fake camera and microphone. */
export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return launchChromium([
    '--disable-quic',
    ...(options.fakeMedia ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] : []),
  ]);
}

/** A random documentation-range address (198.18.0.0/15), one per browser context or API client. */
export function clientAddress(): string {
  const byte = () => Math.floor(Math.random() * 256);
  return `198.${18 + Math.floor(Math.random() * 2)}.${byte()}.${byte()}`;
}

export type TestPage = { context: BrowserContext; page: Page; errors: string[] };

/** A fresh context + page that records console errors and uncaught exceptions. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
    ...options,
    // Each page is a student on a network of its own, as behind the school's load balancer (the
    // server under test trusts one proxy hop: TRUST_PROXY=1). One shared loopback address would
    // add every test's logins up against the per-IP security limits of DESIGN.md §7.
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress(), ...options.extraHTTPHeaders },
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

/**
 * Opens a menu by clicking its trigger and waits until its opening animation has ended, so a click
 * on an item lands on the item and not where it was a frame earlier. The header's menu buttons name
 * their menu with aria-controls; otherwise it is antd's open dropdown.
 */
export async function openDropdown(page: Page, trigger: Locator): Promise<Locator> {
  await trigger.click();
  const controls = await trigger.getAttribute('aria-controls');
  const menu = controls
    ? page.locator(`[id="${controls}"]`)
    : page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await waitForMotionEnd(menu);
  return menu;
}

/**
 * Waits until the modal (or popup) holding `inside` has finished its opening motion, so axe, clicks and
 * screenshots see its final state. The motion library first sets a "prepare" class (opacity 0) and
 * starts the animation a frame later, so an empty getAnimations() alone can mean "not started yet":
 * wait until the element and its ancestors are fully opaque, with no motion class and nothing running,
 * for two frames in a row.
 */
export async function waitForMotionEnd(inside: Locator): Promise<void> {
  await inside.waitFor();
  await inside.evaluate(async (el) => {
    const holder =
      el.closest('.ant-modal, .ant-drawer-content-wrapper, .ant-dropdown, .ant-popover, .ls-menu-popup') ??
      el;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const opaque = () => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        if (getComputedStyle(node).opacity !== '1') return false;
      }
      return true;
    };
    const moving = (node: Element | null) => !!node && /-(enter|appear|leave)\b/.test(node.className);
    const settled = () =>
      opaque() &&
      !moving(holder) &&
      !moving(holder.parentElement) &&
      holder.getAnimations({ subtree: true }).length === 0;
    const deadline = performance.now() + 10_000;
    let calm = 0;
    while (calm < 2 && performance.now() < deadline) {
      await Promise.all(
        holder.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)),
      );
      await frame();
      calm = settled() ? calm + 1 : 0;
    }
  });
}

/**
 * Picks the option `label` (its title) of the antd select `select`: opens the list, waits for its
 * opening motion to end, clicks the option and waits until the select shows it. On a loaded machine
 * a click during the list's motion can be lost; the pick is then tried again, up to three times.
 */
export async function pickSelectOption(page: Page, select: Locator, label: string | RegExp): Promise<void> {
  const shown = select.filter({ hasText: label });
  for (let attempt = 1; ; attempt++) {
    await select.click();
    // The list just opened is the last one in the page; another may still be closing.
    const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
    await waitForMotionEnd(list);
    await list.getByTitle(label, typeof label === 'string' ? { exact: true } : undefined).click();
    try {
      await shown.first().waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * The antd assets the page has fetched so far: antd's scope and root chunks and its build-time
 * stylesheet (src/lib/antd). Empty on a screen that renders without antd (issue 16).
 */
export function antdAssets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /\/assets\/(antd-scope-|antd-root-|antd-[\w-]+\.css$)/.test(path)),
  );
}

/**
 * The page's fetches of assets whose path matches `file`, one resource entry each: a landing page's
 * own chunk that index.html preloads (scripts/route-preload.ts) appears once, as the router finds it
 * in place instead of fetching it again.
 */
export function assetFetches(page: Page, file: RegExp): Promise<string[]> {
  return page.evaluate(
    (source) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => new RegExp(source).test(path)),
    file.source,
  );
}

/** Waits until /app/config arrived (the footer's business link only renders with it). */
export async function waitForConfig(page: Page): Promise<void> {
  await page.locator('footer a[href^="mailto:"]').first().waitFor();
}

/**
 * One browser per test file: launched before the file, closed after it. `open()` gives a fresh
 * context whose console errors fail the test that opened it (unless they match `ignoreConsole`);
 * `openForFile()` one that lives until the file ends (e.g. a student registered in `beforeAll` for
 * a later test), whose console errors fail the file then.
 */
export function useBrowser(options: LaunchOptions & { ignoreConsole?: RegExp } = {}) {
  let browser: Browser | undefined;
  const opened: TestPage[] = [];
  const kept: TestPage[] = [];
  const closeAndCheck = async (pages: TestPage[]) => {
    const errors = pages.flatMap((tp) => tp.errors).filter((e) => !options.ignoreConsole?.test(e));
    await Promise.all(pages.map((tp) => tp.context.close()));
    expect(errors, 'console errors').toEqual([]);
  };
  beforeAll(async () => {
    browser = await launchBrowser(options);
  });
  afterEach(async () => {
    await closeAndCheck(opened.splice(0));
  });
  afterAll(async () => {
    try {
      await closeAndCheck(kept.splice(0));
    } finally {
      await browser?.close();
    }
  });
  const launched = (): Browser => {
    if (!browser) throw new Error('the browser is not launched yet');
    return browser;
  };
  return {
    async open(contextOptions?: BrowserContextOptions): Promise<TestPage> {
      const tp = await openPage(launched(), contextOptions);
      opened.push(tp);
      return tp;
    },
    async openForFile(contextOptions?: BrowserContextOptions): Promise<TestPage> {
      const tp = await openPage(launched(), contextOptions);
      kept.push(tp);
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
