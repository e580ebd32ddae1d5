import fs from 'node:fs';
import { LOGIN_CLIENT_LABEL } from '@app/contract/constants';
import type { TokenPair } from '@app/contract/auth';
import { expect } from 'vitest';
import { clientPasswordHash } from '../../src/modules/auth/client-password-hash.ts';
import { smsOutboxPath } from '../../src/providers/sms/log-sms-provider.ts';
import type { TestApp } from './test-app.ts';

/** Helpers of the accounts-and-sessions tests: calls as the web app makes them, and the SMS outbox. */

export type Reply = { statusCode: number; json: () => unknown; body: string };

export type CallOptions = { ip?: string; lang?: 'en' | 'zh-Hans'; token?: string };

let phoneCounter = 0;
/** A valid mainland mobile number unique within the test process (139 + 8 digits). */
export function uniqueMobile(): string {
  phoneCounter++;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

function headers(options: CallOptions): Record<string, string> {
  return {
    'api-language': options.lang ?? 'en',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  };
}

export async function post(t: TestApp, url: string, payload: unknown, options: CallOptions = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    headers: headers(options),
    remoteAddress: options.ip ?? '203.0.113.10',
  });
}

export async function get(t: TestApp, url: string, options: CallOptions = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: headers(options),
    remoteAddress: options.ip ?? '203.0.113.10',
  });
}

export function envelope(reply: { json: () => unknown }) {
  return reply.json() as { code: number; data: unknown; msg: string };
}

export function sendCode(t: TestApp, mobile: string, options: CallOptions = {}) {
  return post(t, '/user/SendLoginSmsCode', { mobile }, options);
}

type OutboxEntry = { at: string; mobile: string; code: string; text: string; provider: string };

export function outbox(t: TestApp): OutboxEntry[] {
  const file = smsOutboxPath(t.config.DATA_DIR);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry);
}

/** The newest code the log driver wrote for a phone. */
export function lastCodeFor(t: TestApp, mobile: string): string {
  const entry = outbox(t)
    .filter((e) => e.mobile === mobile)
    .at(-1);
  if (!entry) throw new Error(`no SMS in the outbox for ${mobile}`);
  return entry.code;
}

/** Sends a code and returns it (asserting the send succeeded). */
export async function requestCode(t: TestApp, mobile: string, options: CallOptions = {}): Promise<string> {
  const reply = await sendCode(t, mobile, options);
  expect(reply.statusCode, reply.body).toBe(200);
  return lastCodeFor(t, mobile);
}

export function loginSms(t: TestApp, mobile: string, code: string, options: CallOptions = {}) {
  return post(t, '/user/login', { mobile, Code: code, currentTab: 0, token: LOGIN_CLIENT_LABEL }, options);
}

export function loginPassword(t: TestApp, mobile: string, password: string, options: CallOptions = {}) {
  return post(
    t,
    '/user/login',
    { mobile, password: clientPasswordHash(password, mobile), currentTab: 1, token: LOGIN_CLIENT_LABEL },
    options,
  );
}

/** Logs in by SMS (registering the phone when new) and returns the session pair. */
export async function loginBySms(t: TestApp, mobile = uniqueMobile(), options: CallOptions = {}) {
  const code = await requestCode(t, mobile, options);
  const reply = await loginSms(t, mobile, code, options);
  expect(reply.statusCode, reply.body).toBe(200);
  return { mobile, ...(envelope(reply).data as TokenPair) };
}

/** Registers a phone with a password through /user/reg and returns the session pair. */
export async function register(t: TestApp, mobile: string, password: string, options: CallOptions = {}) {
  const code = await requestCode(t, mobile, options);
  const reply = await post(
    t,
    '/user/reg',
    { mobile, password: clientPasswordHash(password, mobile), code },
    options,
  );
  expect(reply.statusCode, reply.body).toBe(200);
  return envelope(reply).data as TokenPair;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
