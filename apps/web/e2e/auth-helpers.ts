import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { inject } from 'vitest';

/** Helpers of the accounts tests (auth*.e2e.ts): SMS outbox, phone numbers, a second server. */

/** The seeded demo student (DESIGN.md §10). */
export const DEMO = { mobile: '13800138000', password: 'demo1234' };

export const dialog = (page: Page) => page.getByTestId('login-dialog');

export async function openLoginDialog(page: Page, which: 'login' | 'register' = 'login'): Promise<void> {
  await page.getByTestId(which === 'login' ? 'login-button' : 'register-button').click();
  await dialog(page).getByTestId('login-mobile').waitFor();
  // Let the opening zoom finish: a click computed mid-animation can land on the mask and close it.
  await dialog(page).evaluate(async (el) => {
    const modal = el.closest('.ant-modal') ?? el;
    await Promise.all(modal.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)));
  });
}

/** Clicks the submit button and waits for the reload SPEC.md §2 asks for after a login. */
export async function submitAndWaitForReload(page: Page): Promise<void> {
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await dialog(page).getByTestId('login-submit').click();
  await reloaded;
  await page.getByTestId('user-area').waitFor();
  // The start-up refresh of the user info re-renders the user area; let it land first.
  await page.waitForLoadState('networkidle');
}

export async function loginWithPassword(page: Page, options: { remember?: boolean } = {}): Promise<void> {
  await openLoginDialog(page);
  await dialog(page).getByTestId('login-method-toggle').click();
  await dialog(page).getByTestId('login-mobile').fill(DEMO.mobile);
  await dialog(page).getByTestId('login-password').fill(DEMO.password);
  if (options.remember) await dialog(page).getByTestId('login-remember').check();
  await submitAndWaitForReload(page);
}

/** DATA_DIR of the server under test (global setup, or E2E_DATA_DIR with an external BASE_URL). */
export function dataDir(): string {
  const dir = inject('dataDir') || process.env.E2E_DATA_DIR || '';
  if (!dir) throw new Error('These tests read the SMS outbox: set E2E_DATA_DIR to the server DATA_DIR');
  return dir;
}

let sequence = 0;

/**
 * A fresh, valid mainland mobile number per call (segment 139 or 187), so tests never meet each
 * other's per-phone SMS limits, and runs against a long-lived server rarely repeat one.
 */
export function uniqueMobile(): string {
  sequence += 1;
  const tail = (Date.now() % 1_000_000) * 100 + ((process.pid + sequence * 7) % 100);
  return `${sequence % 2 ? '139' : '187'}${String(tail).padStart(8, '0').slice(-8)}`;
}

type OutboxEntry = { at: string; mobile: string; code: string; text: string };

/** The newest code sent to `mobile` (SMS_DRIVER=log writes DATA_DIR/outbox/sms.jsonl), waiting for it. */
export async function readSmsCode(mobile: string, dir = dataDir(), timeoutMs = 10_000): Promise<string> {
  const file = join(dir, 'outbox', 'sms.jsonl');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      const entries = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as OutboxEntry)
        .filter((entry) => entry.mobile === mobile);
      const last = entries.at(-1);
      if (last) return last.code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${mobile} in ${file}`);
}

/** Records every API response of a page: path (without /api/v1), status and envelope code. */
export type ApiCall = { path: string; status: number; code: number | null; auth: string | null };

export function recordApiCalls(page: Page): ApiCall[] {
  const calls: ApiCall[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/v1/')) return;
    const auth = response.request().headers()['authorization'] ?? null;
    const entry: ApiCall = {
      path: url.pathname.slice('/api/v1'.length),
      status: response.status(),
      code: null,
      auth,
    };
    calls.push(entry);
    response
      .json()
      .then((body: { code?: unknown }) => {
        if (typeof body?.code === 'number') entry.code = body.code;
      })
      .catch(() => undefined);
  });
  return calls;
}

export { startServer, type TestServer } from './test-server.ts';
