import type { Page, Response } from 'playwright-core';
import { inject } from 'vitest';
import { apiUrl, fetchTransport, type Transport } from '../../../test-support/http.ts';
import { waitForCode } from '../../../test-support/sms-outbox.ts';
import { dataOf, uniqueMobile } from '../../../test-support/students.ts';
import { baseURL, clientAddress, gotoApp, waitForMotionEnd } from './browser.ts';
import { serverFor } from './servers.ts';

/**
 * Helpers of the accounts tests (auth*.e2e.ts): SMS outbox, phone numbers, a second server. The
 * outbox reader, phone numbers and API calls are test-support/'s, shared with the API tests.
 */

export { uniqueMobile } from '../../../test-support/students.ts';

/** The seeded demo student (DESIGN.md §10). */
export const DEMO = { mobile: '13800138000', password: 'demo1234' };

export const dialog = (page: Page) => page.getByTestId('login-dialog');

export async function openLoginDialog(page: Page, which: 'login' | 'register' = 'login'): Promise<void> {
  await page.getByTestId(which === 'login' ? 'login-button' : 'register-button').click();
  await dialog(page).getByTestId('login-mobile').waitFor();
  // Let the opening zoom finish: a click computed mid-animation can land on the mask and close it.
  await waitForMotionEnd(dialog(page));
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

/**
 * Signs a new student up by SMS in the login dialog, from the home page, waits for the reload and
 * returns the new phone.
 */
export async function signUpInBrowser(page: Page): Promise<string> {
  await gotoApp(page, '/');
  await openLoginDialog(page);
  const mobile = uniqueMobile();
  await dialog(page).getByTestId('login-mobile').fill(mobile);
  await dialog(page).getByTestId('get-code').click();
  await dialog(page)
    .getByTestId('login-code')
    .fill(await readSmsCode(mobile));
  await submitAndWaitForReload(page);
  return mobile;
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
  const dir = serverFor(inject('servers')).dataDir;
  if (!dir) throw new Error('These tests read the SMS outbox: set E2E_DATA_DIR to the server DATA_DIR');
  return dir;
}

/**
 * The API of the server under test, as test-support/ calls it (createStudentSession(api()) makes a
 * logged-in student without the browser).
 */
const FILE_ADDRESS = clientAddress();

export const api = (): Transport => {
  const transport = fetchTransport(baseURL(), dataDir());
  return {
    dataDir: transport.dataDir,
    // The test file's own network, like its browser pages (browser.ts clientAddress).
    request: (request) =>
      transport.request({ ...request, headers: { 'x-forwarded-for': FILE_ADDRESS, ...request.headers } }),
  };
};

/**
 * An API caller for a test file's own requests (api()): `call<T>(method, path, body?)` sends them
 * with the token `tokenOf` gives at that moment and returns the reply's data.
 */
export function apiCaller(tokenOf: () => string) {
  return async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const reply = await api().request({
      method,
      url: apiUrl(path),
      token: tokenOf(),
      ...(body === undefined ? {} : { body }),
    });
    return dataOf<T>(reply, path);
  };
}

/** The newest code sent to `mobile` (SMS_DRIVER=log writes DATA_DIR/outbox/sms.jsonl), waiting for it. */
export function readSmsCode(mobile: string, dir = dataDir(), timeoutMs = 10_000): Promise<string> {
  return waitForCode(dir, mobile, timeoutMs);
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
