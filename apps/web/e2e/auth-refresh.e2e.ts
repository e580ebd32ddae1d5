import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoApp, launchBrowser } from './browser.ts';
import {
  loginWithPassword,
  recordApiCalls,
  startServer,
  type ApiCall,
  type TestServer,
} from './auth-helpers.ts';

/**
 * Token refresh in real tabs (SPEC.md §8 66666; DESIGN.md §7 "Sessions"). The server decides expiry,
 * so this file starts its own server with the shortest access-token lifetime it accepts (60 s) and
 * waits for it ONCE; every scenario shares that single wait.
 */

const TTL_SECONDS = 60;
let browser: Browser;
let server: TestServer;
const contexts: BrowserContext[] = [];
const errors: string[] = [];

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  contexts.push(context);
  context.on('page', (page) => watchErrors(page));
  return context;
}

function watchErrors(page: Page): void {
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    // The 66666 reply is an HTTP 401, which Chromium logs as a failed resource: expected here.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      errors.push(`${page.url()}: ${message.text()}`);
  });
}

type Tab = { name: string; page: Page; calls: ApiCall[] };

function tab(name: string, page: Page): Tab {
  return { name, page, calls: recordApiCalls(page) };
}

const since = (t: Tab, mark: number) => t.calls.slice(mark);
const paths = (calls: ApiCall[]) => calls.map((c) => `${c.path} ${c.status}/${c.code}`);

async function settle(tabs: Tab[], marks: number[]): Promise<void> {
  await Promise.all(
    tabs.map(async (t) => {
      await t.page.getByTestId('user-area').waitFor({ timeout: 20_000 });
      await t.page.waitForLoadState('networkidle');
    }),
  );
  // A tab that waits for another tab's refresh sends nothing meanwhile, so the network can look idle
  // before its retry: wait until every tab has its user info (the assertions below say what is
  // missing if one never does), then a moment for the other bodies, whose codes are read
  // asynchronously.
  const deadline = Date.now() + 30_000;
  const hasInfo = (t: Tab, i: number) =>
    since(t, marks[i]!).some((c) => c.path === '/user/getUserInfo' && c.code === 200);
  while (!tabs.every(hasInfo) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.all(tabs.map((t) => t.page.waitForLoadState('networkidle')));
  await new Promise((r) => setTimeout(r, 500));
}

describe('expired access token (66666)', () => {
  it(
    'refreshes once per session across tabs, retries the original request once, and logs nobody out, in both storage modes',
    async () => {
      // Session A, "remember me": two tabs share localStorage.
      const contextA = await newContext();
      const a1 = tab('a1', await contextA.newPage());
      await gotoApp(a1.page, '/');
      await loginWithPassword(a1.page, { remember: true });
      const a2 = tab('a2', await contextA.newPage());
      await gotoApp(a2.page, '/');
      await a2.page.getByTestId('user-area').waitFor();

      // Session B, no "remember me": a duplicated tab (window.open) gets a copy of sessionStorage.
      const contextB = await newContext();
      const b1 = tab('b1', await contextB.newPage());
      await gotoApp(b1.page, '/');
      await loginWithPassword(b1.page, { remember: false });
      const [b2page] = await Promise.all([
        contextB.waitForEvent('page'),
        b1.page.evaluate(() => void window.open('/', '_blank')),
      ]);
      const b2 = tab('b2', b2page);
      await b2.page.getByTestId('user-area').waitFor();
      expect(await b2.page.evaluate(() => sessionStorage.getItem('ls-auth'))).not.toBeNull();
      expect(await b2.page.evaluate(() => localStorage.getItem('ls-auth'))).toBeNull();

      // The one wait: every access token issued above expires on the server.
      await new Promise((r) => setTimeout(r, (TTL_SECONDS + 2) * 1000));

      const tabs = [a1, a2, b1, b2];
      const marks = tabs.map((t) => t.calls.length);
      // All four tabs start at once and each asks GET /user/getUserInfo with its expired token.
      await Promise.all(tabs.map((t) => t.page.reload()));
      await settle(tabs, marks);
      const after = tabs.map((t, i) => since(t, marks[i]!));
      const report = JSON.stringify(Object.fromEntries(tabs.map((t, i) => [t.name, paths(after[i]!)])));

      for (const calls of after) {
        // Never the login-expired path: no 401, and each tab ends with its user info.
        expect(
          calls.filter((c) => c.code === 401 || (c.status === 401 && c.code !== 66666)),
          report,
        ).toEqual([]);
        const infos = calls.filter((c) => c.path === '/user/getUserInfo');
        expect(infos.at(-1), report).toMatchObject({ status: 200, code: 200 });
        // The original request is retried at most once.
        expect(infos.filter((c) => c.code === 66666).length, report).toBeLessThanOrEqual(1);
        expect(infos.length, report).toBeLessThanOrEqual(2);
      }
      for (const [first, second] of [
        [0, 1],
        [2, 3],
      ] as const) {
        const session = [...after[first]!, ...after[second]!];
        // One refresh per session, whichever tab did it: a second one would present a rotated
        // refresh token, which revokes the whole family (DESIGN.md §7).
        expect(
          session.filter((c) => c.path === '/updateToken'),
          report,
        ).toHaveLength(1);
        expect(
          session.find((c) => c.path === '/updateToken'),
          report,
        ).toMatchObject({ status: 200, code: 200 });
        expect(session.filter((c) => c.code === 66666).length, report).toBeGreaterThanOrEqual(1);
      }
      // The tab that refreshed: 66666 → /updateToken → the same request again, successful.
      const refresher = after.find((calls) => calls.some((c) => c.path === '/updateToken'))!;
      const sessionCalls = refresher.filter(
        (c) => c.path === '/user/getUserInfo' || c.path === '/updateToken',
      );
      expect(paths(sessionCalls), report).toEqual([
        '/user/getUserInfo 401/66666',
        '/updateToken 200/200',
        '/user/getUserInfo 200/200',
      ]);
      for (const t of tabs) expect(await t.page.getByRole('dialog', { name: '提示' }).count()).toBe(0);

      // Every tab stored the new pair, the duplicated tab included (its own sessionStorage copy):
      // loading again needs no refresh, and a stale copy would have revoked the session.
      const marks2 = tabs.map((t) => t.calls.length);
      for (const t of tabs) {
        await t.page.reload();
      }
      await settle(tabs, marks2);
      for (const [i, t] of tabs.entries()) {
        const calls = since(t, marks2[i]!);
        // The page's own calls (teacher list, favourites…) vary with the home screen; what matters
        // is that nothing needed a refresh and the session call succeeded once.
        const sessionCalls = calls.filter((c) => c.path === '/user/getUserInfo' || c.path === '/updateToken');
        expect(paths(sessionCalls), t.name).toEqual(['/user/getUserInfo 200/200']);
        expect(
          calls.filter((c) => c.status === 401 || c.code === 66666),
          t.name,
        ).toEqual([]);
      }
      expect(errors).toEqual([]);
    },
    (TTL_SECONDS + 90) * 1000,
  );
});
