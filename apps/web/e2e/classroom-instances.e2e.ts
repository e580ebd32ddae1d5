import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseItem } from '@app/contract/courses';
import type { TeacherSchedule } from '@app/contract/teachers';
import { apiUrl } from '../../../test-support/http.ts';
import { dataOf } from '../../../test-support/students.ts';
import {
  dialog,
  openLoginDialog,
  readSmsCode,
  recordApiCalls,
  submitAndWaitForReload,
  uniqueMobile,
} from './auth-helpers.ts';
import { gotoApp, seedStorage, settingsValue, useBrowser, type TestPage } from './browser.ts';
import { addTeacherWithSlots, MINUTE, opsCli, weeklyAt } from './classroom-setup.ts';
import { startServer, type TestServer } from './test-server.ts';

/**
 * The live classroom on two server instances (issue 35, DESIGN.md §12): one PostgreSQL database of
 * this file's own and one Redis, the student's browser on instance 1 and the teacher's on instance
 * 2, so every signalling message crosses instances on the Redis bus. They connect, each receives the
 * other's video (inbound bytes rising in getStats), and chat goes both ways. The teacher and the
 * slot come from the ops CLI; the student signs up by SMS in the app, gets coins from the ops CLI
 * and books; the teacher opens the signed link from `class teacher-link`.
 *
 * PostgreSQL: E2E_POSTGRES_URL (an admin connection that may create databases; default the local
 * server's `postgres` database); Redis: E2E_REDIS_URL (default redis://127.0.0.1:6379), as in CI.
 */

const PG_ADMIN_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';

const databaseName = `e2e_rooms_${randomBytes(4).toString('hex')}`;
let databaseUrl = '';
let created = false;
const servers: TestServer[] = [];
let classId = 0;
let teacherToken = '';
/** The student's browser on instance 1, logged in by SMS (a student of this file's own). */
let student: TestPage;

/** What both instances share, as in production: the database, the bus, the secrets. */
const shared = () => ({
  DATABASE_URL: databaseUrl,
  REDIS_URL,
  CLASSROOM_DRIVER: 'live',
  BOOKING_MIN_NOTICE_MINUTES: '0',
  JWT_SECRET: 'classroom-instances-jwt-secret-0123456789abcdef',
  SMS_CODE_PEPPER: 'classroom-instances-sms-pepper-0123456789abcdef',
});

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const ops = opsCli(() => ({ ...shared(), DATA_DIR: servers[0]!.dataDir, SEED_DEMO: '0' }));

// Before this file's beforeAll: the browser is launched by useBrowser's own.
const { open, openForFile } = useBrowser({ fakeMedia: true });

/**
 * A student of this file's own (the demo student's seeded classes may overlap the test's), signed up
 * by SMS in the browser on instance 1, with coins from the ops CLI as a school's staff would give
 * them; its access token, read from the page's own requests, books the class.
 */
async function signUpStudent(one: TestServer): Promise<string> {
  const mobile = uniqueMobile();
  student = await openForFile({ baseURL: one.baseURL });
  await watchPeerConnections(student.page);
  await seedStorage(student.page, { LANGUAGE: 'en', SETTINGS: settingsValue(false) });
  const calls = recordApiCalls(student.page);
  await gotoApp(student.page, '/');
  await openLoginDialog(student.page);
  await dialog(student.page).getByTestId('login-mobile').fill(mobile);
  await dialog(student.page).getByTestId('get-code').click();
  await dialog(student.page)
    .getByTestId('login-code')
    .fill(await readSmsCode(mobile, one.dataDir));
  await submitAndWaitForReload(student.page);
  // The app sends its access token bare in Authorization.
  const token = [...calls]
    .reverse()
    .find((call) => call.auth)
    ?.auth?.replace(/^Bearer /, '');
  if (!token) throw new Error('the page sent no request with its session');
  await ops(
    'coins',
    'adjust',
    '--student',
    mobile,
    '--type',
    'increase',
    '--amount',
    '500',
    '--reason',
    'e2e',
  );
  return token;
}

beforeAll(async () => {
  await admin(`create database ${databaseName}`).catch((error: unknown) => {
    throw new Error(
      `this test needs PostgreSQL at ${PG_ADMIN_URL} (E2E_POSTGRES_URL: an admin connection that may create databases): ${String(error)}`,
    );
  });
  created = true;
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  // The first instance migrates the database; then, at the same time, the second starts, the ops
  // CLI adds the teacher and the slot, and the student signs up. No demo data: the test makes what it
  // needs as a school would (ops CLI) and as a student would (the app).
  const one = await startServer({ ...shared(), SEED_DEMO: '0' });
  servers.push(one);
  const soon = weeklyAt(3 * MINUTE);
  const [two, teacherId, token] = await Promise.all([
    startServer({ ...shared(), SEED_DEMO: '0' }),
    addTeacherWithSlots(ops, 'Two Rooms', [soon.entry]),
    signUpStudent(one),
  ]);
  servers.push(two);

  const from = new Date(Date.now()).toISOString();
  const to = new Date(Date.now() + 3_600_000).toISOString();
  const schedule = dataOf<TeacherSchedule>(
    await one.api.request({
      method: 'GET',
      url: apiUrl(
        `/teacher/getTeacherSchedule?teacher_id=${teacherId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      ),
    }),
    'getTeacherSchedule',
  );
  const slot = schedule.slots.find((s) => Date.parse(s.start) === soon.at);
  if (!slot) throw new Error(`no slot at ${new Date(soon.at).toISOString()}`);
  const booked = dataOf<CourseItem>(
    await one.api.request({
      method: 'POST',
      url: apiUrl('/course/bookCourse'),
      token,
      body: { slot_id: slot.id, pay_type: 'coin' },
    }),
    'bookCourse',
  );
  classId = booked.id;
  const link = await ops('class', 'teacher-link', '--class', String(classId));
  const linkToken = /[?&]t=([^\s&]+)/.exec(link)?.[1];
  if (!linkToken) throw new Error(`no teacher link in: ${link}`);
  teacherToken = decodeURIComponent(linkToken);
}, 180_000);

afterAll(async () => {
  // The student's page first: once its servers stop, its room would log failed reconnections.
  await student?.context.close();
  await Promise.all(servers.map((server) => server.stop()));
  if (created) await admin(`drop database if exists ${databaseName} with (force)`);
});

/** Records the page's RTCPeerConnections, so the test can read their getStats. */
async function watchPeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const NativePc = window.RTCPeerConnection;
    const pcs: RTCPeerConnection[] = [];
    Object.assign(window, { __pcs: pcs });
    window.RTCPeerConnection = class extends NativePc {
      constructor(config?: RTCConfiguration) {
        super(config);
        pcs.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** Inbound video bytes on the page's live connection. */
function inboundVideoBytes(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    const pc = pcs.filter((p) => p.connectionState === 'connected').at(-1);
    if (!pc) return 0;
    let bytes = 0;
    (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
      if (s.type === 'inbound-rtp' && s.kind === 'video') bytes += s.bytesReceived ?? 0;
    });
    return bytes;
  });
}

async function enterRoom(page: Page): Promise<void> {
  await page.getByTestId('device-check').waitFor();
  await page.getByTestId('enter-room').click();
  await page.getByTestId('call').waitFor();
}

describe('the live classroom on two instances', () => {
  it('connects a student on instance 1 with the teacher on instance 2: video and chat both ways', async () => {
    const two = servers[1]!;
    await gotoApp(student.page, `/classroom/${classId}`);

    const teacher = await open({ baseURL: two.baseURL, locale: 'en-GB' });
    await watchPeerConnections(teacher.page);
    await gotoApp(teacher.page, `/classroom/${classId}?t=${encodeURIComponent(teacherToken)}`);

    await enterRoom(student.page);
    await enterRoom(teacher.page);
    for (const tp of [student, teacher])
      await tp.page.locator('[data-testid="call"][data-status="connected"]').waitFor({ timeout: 20_000 });

    // Each side receives the other's video, and its inbound bytes keep rising.
    for (const tp of [student, teacher]) {
      const before = await inboundVideoBytes(tp.page);
      await expect.poll(() => inboundVideoBytes(tp.page), { timeout: 10_000 }).toBeGreaterThan(before);
    }

    // Chat both ways, across the instances.
    await student.page.getByTestId('chat-input').fill('Hello from instance one');
    await student.page.getByTestId('chat-send').click();
    await teacher.page.getByTestId('chat-lines').getByText('Hello from instance one').waitFor();
    await teacher.page.getByTestId('chat-input').fill('Hello from instance two');
    await teacher.page.getByTestId('chat-input').press('Enter');
    await student.page.getByTestId('chat-lines').getByText('Hello from instance two').waitFor();
  }, 60_000);
});
