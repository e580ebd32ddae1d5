import { LOGIN_CLIENT_LABEL } from '@app/contract/constants';
import type { TokenPair } from '@app/contract/auth';
import { expect } from 'vitest';
import {
  apiUrl,
  injectTransport,
  type ApiReply,
  type ApiRequest,
  type Transport,
} from '../../../../test-support/http.ts';
import {
  lastCodeFor as outboxLastCodeFor,
  readOutbox,
  type OutboxEntry,
} from '../../../../test-support/sms-outbox.ts';
import { createStudentSession, dataOf, uniqueMobile } from '../../../../test-support/students.ts';
import { clientPasswordHash } from '../../src/modules/auth/client-password-hash.ts';
import { studentsRepository } from '../../src/modules/students/students.repository.ts';
import type { TestApp } from './test-app.ts';

/**
 * Helpers of the accounts-and-sessions tests: calls as the web app makes them, and the SMS outbox.
 * Thin wrappers over test-support/ (shared with the browser tests) with the test app built in.
 */

export { uniqueMobile };

/** The shared reply, plus the inject reply's `statusCode` and `json()` the tests read. */
export type Reply = ApiReply & { statusCode: number; json: () => unknown };

export type CallOptions = Pick<ApiRequest, 'ip' | 'lang' | 'token'>;

/** The shared transport over the test app's `inject`. */
export function transportOf(t: TestApp): Transport {
  return injectTransport(t.app, t.config.DATA_DIR);
}

async function call(t: TestApp, request: ApiRequest): Promise<Reply> {
  const reply = await transportOf(t).request(request);
  return { ...reply, statusCode: reply.status, json: () => JSON.parse(reply.body) as unknown };
}

export function post(t: TestApp, url: string, payload: unknown, options: CallOptions = {}) {
  return call(t, { method: 'POST', url: apiUrl(url), body: payload, ...options });
}

export function get(t: TestApp, url: string, options: CallOptions = {}) {
  return call(t, { method: 'GET', url: apiUrl(url), ...options });
}

export function envelope(reply: { json: () => unknown }) {
  return reply.json() as { code: number; data: unknown; msg: string };
}

export function sendCode(t: TestApp, mobile: string, options: CallOptions = {}) {
  return post(t, '/user/SendLoginSmsCode', { mobile }, options);
}

export function outbox(t: TestApp): OutboxEntry[] {
  return readOutbox(t.config.DATA_DIR);
}

/** The newest code the log driver wrote for a phone. */
export function lastCodeFor(t: TestApp, mobile: string): string {
  return outboxLastCodeFor(t.config.DATA_DIR, mobile);
}

/** Sends a code and returns it (asserting the send succeeded). */
export async function requestCode(t: TestApp, mobile: string, options: CallOptions = {}): Promise<string> {
  const reply = await sendCode(t, mobile, options);
  expect(reply.statusCode, reply.body).toBe(200);
  return lastCodeFor(t, mobile);
}

/** Sends a code and returns it with the send's challenge_id (DESIGN.md §7 "Code binding"). */
export async function requestCodeAndChallenge(t: TestApp, mobile: string, options: CallOptions = {}) {
  const reply = await sendCode(t, mobile, options);
  const { challenge_id: challengeId } = dataOf<{ challenge_id: string }>(reply, 'SendLoginSmsCode');
  return { code: lastCodeFor(t, mobile), challengeId };
}

/** `challengeId`: sent as `challenge_id` when given (the web app's call); SPEC.md's shape otherwise. */
export type CodeCallOptions = CallOptions & { challengeId?: string };

const challengeField = (options: CodeCallOptions) =>
  options.challengeId === undefined ? {} : { challenge_id: options.challengeId };

export function loginSms(t: TestApp, mobile: string, code: string, options: CodeCallOptions = {}) {
  return post(
    t,
    '/user/login',
    { mobile, Code: code, currentTab: 0, token: LOGIN_CLIENT_LABEL, ...challengeField(options) },
    options,
  );
}

/** POST /user/reg with the client hash of `password`. */
export function postReg(
  t: TestApp,
  mobile: string,
  password: string,
  code: string,
  options: CodeCallOptions = {},
) {
  return post(
    t,
    '/user/reg',
    { mobile, password: clientPasswordHash(password, mobile), code, ...challengeField(options) },
    options,
  );
}

export function loginPassword(t: TestApp, mobile: string, password: string, options: CallOptions = {}) {
  return post(
    t,
    '/user/login',
    { mobile, password: clientPasswordHash(password, mobile), currentTab: 1, token: LOGIN_CLIENT_LABEL },
    options,
  );
}

/**
 * Logs in by SMS (registering the phone when new) and returns the session: the shared
 * createStudentSession over inject.
 */
export function loginBySms(
  t: TestApp,
  mobile = uniqueMobile(),
  options: Pick<CallOptions, 'ip' | 'lang'> = {},
) {
  return createStudentSession(transportOf(t), { mobile, ...options });
}

/**
 * `count` fresh phones that already belong to students (rows without a password, written straight
 * to the database): the "registered" side of the tests that compare them with unknown phones.
 */
export async function knownPhones(t: TestApp, count: number): Promise<string[]> {
  const phones = Array.from({ length: count }, () => uniqueMobile());
  for (const mobile of phones) {
    await studentsRepository.insertStudentIfAbsent(t.db, { mobile, nick: 'x', passwordHash: null }, 1);
  }
  return phones;
}

/** Registers a phone with a password through /user/reg and returns the session pair. */
export async function register(t: TestApp, mobile: string, password: string, options: CallOptions = {}) {
  const code = await requestCode(t, mobile, options);
  const reply = await postReg(t, mobile, password, code, options);
  expect(reply.statusCode, reply.body).toBe(200);
  return envelope(reply).data as TokenPair;
}

/** How long `run` took, ms. */
async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/**
 * The fastest of several runs of each of two kinds of request (the timing tests of the enumeration
 * defences): other work on the machine can only slow a run down, so the two minima compare the work
 * itself. Samples of each kind are prepared (`first(i)`, `second(i)`: set-up, untimed) and timed
 * alternately, at least `min` rounds, then one round at a time until
 * `within(fastestFirst, fastestSecond)` holds or `max` rounds have run. A loaded machine can slow
 * every one of a few runs of one kind (a CI run measured seven wrong passwords for known phones all
 * at 106 ms or more against 42 ms for an unknown phone); more rounds find each kind's real cost, and
 * a real difference still fails after `max`.
 */
export async function fastestOfEachUntil(
  first: (i: number) => Promise<() => Promise<unknown>>,
  second: (i: number) => Promise<() => Promise<unknown>>,
  within: (fastestFirst: number, fastestSecond: number) => boolean,
  { min = 7, max = 25 }: { min?: number; max?: number } = {},
): Promise<[number, number]> {
  let a = Infinity;
  let b = Infinity;
  for (let i = 0; i < max; i++) {
    const [runA, runB] = [await first(i), await second(i)];
    a = Math.min(a, await timed(runA));
    b = Math.min(b, await timed(runB));
    if (i + 1 >= min && within(a, b)) break;
  }
  return [a, b];
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
