import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_TABS, type UserInfo } from '@app/contract/auth';
import { LOGIN_CLIENT_LABEL } from '@app/contract/constants';
import type { CreatedOrder, Order, ProductList } from '@app/contract/payments';
import type { TeacherCard, TeacherSchedule } from '@app/contract/teachers';
import type { Page } from '@app/contract/paging';
import { ensureWebBuilt } from '../scripts/lib/ensure.mjs';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/connection.ts';
import { apiUrl, fetchTransport, type ApiReply, type Transport } from '../test-support/http.ts';
import { readOutbox } from '../test-support/sms-outbox.ts';
import { createStudentSession, dataOf, uniqueMobile, type StudentSession } from '../test-support/students.ts';
import {
  createScratchDatabase,
  DEFAULT_PG_URL,
  DEFAULT_REDIS_URL,
  jobRuns,
  logLines,
  requirePostgres,
  requireRedis,
  sizeOf,
  startRoundRobinProxy,
  testClientIp,
  type RoundRobinProxy,
} from './lib/scale-out.ts';
import { freePort, startServerProcess, type ServerProcess } from './lib/server-process.ts';
import { PROFILE } from './lib/profile.ts';

/**
 * Scale-out (issue 18, DESIGN.md §2 "every instance is stateless"): two instances of the real
 * server (child processes, as `npm start` runs it) on one PostgreSQL database and one Redis, behind
 * a round-robin proxy that stands in for the load balancer. Shown here:
 * - the API flows (SMS login, recharge order + sandbox cashier payment, booking, cancel) pass with
 *   consecutive requests answered by different instances;
 * - limits are shared: the SMS 60 s resend rule across instances (and a race of two sends), the
 *   per-IP request limiter through Redis;
 * - jobs run by the real scheduler of both instances without double effects: order expiry, class
 *   reminders, the class lifecycle, the demo-slot top-up at a simultaneous restart of both;
 * - the browser flows (booking, recharge, accounts) pass against the pair (apps/web/e2e, BASE_URL).
 *
 * The job intervals are the server's own (reminders and order expiry every minute, the lifecycle
 * every 30 s): rather than waiting for real time to pass, the test moves the records' times (a
 * class's start, an order's expiry) into the window as the clock would, then watches the schedulers.
 */

const PG_ADMIN_URL = process.env.SCALE_PG_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_PG_URL;
const REDIS_URL = process.env.SCALE_REDIS_URL ?? DEFAULT_REDIS_URL;
/** The per-IP limit of the pair: the browser suite's clients stay far below it (one address each). */
const RATE_LIMIT = 300;
const MINUTE = 60_000;
/** Longer than the server's log batching (src/http/request-log.ts flushes within 1 s). */
const LOG_FLUSH_MS = 2_000;
const ROOT = path.resolve(import.meta.dirname, '..');

type Instance = {
  name: 'A' | 'B';
  port: number;
  logFile: string;
  env: Record<string, string>;
  process: ServerProcess;
};

let dataDir = '';
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let database: DatabaseHandle | undefined;
const instances: Instance[] = [];
let proxy: RoundRobinProxy | undefined;

const db = () => {
  if (!database) throw new Error('no database');
  return database.db;
};
const base = (i: number) => instances[i]?.process.base ?? '';

/** A transport through the proxy (or straight to one instance) as one client address. */
function client(baseUrl: string, ip = testClientIp()): Transport {
  const transport = fetchTransport(baseUrl, dataDir);
  return {
    dataDir,
    request: (request) =>
      transport.request({ ...request, headers: { 'x-forwarded-for': ip, ...request.headers } }),
  };
}

/** Which instance answered a reply that came through the proxy. */
const upstreamOf = (reply: ApiReply): string => String(reply.headers['x-upstream'] ?? '?');

async function startInstance(name: 'A' | 'B', env: Record<string, string>, port?: number): Promise<Instance> {
  const chosen = port ?? (await freePort());
  const logFile = path.join(dataDir, `server-${name}.log`);
  const process = await startServerProcess(env, chosen, { logFile });
  return { name, port: chosen, logFile, env, process };
}

beforeAll(async () => {
  await requirePostgres(PG_ADMIN_URL);
  await requireRedis(REDIS_URL);
  // The instances serve apps/web/dist to the browser flows: built first when missing or stale.
  ensureWebBuilt();
  scratch = await createScratchDatabase(PG_ADMIN_URL, 'scaleout');
  // One DATA_DIR for both: it stands in for what instances share in production besides the
  // database (FILE_STORE, and the phone the log SMS driver "sends" to: DATA_DIR/outbox).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hard-scale-'));
  const shared = {
    DATA_DIR: dataDir,
    WEB_DIST: path.join(ROOT, 'apps/web/dist'),
    DATABASE_URL: scratch.url,
    REDIS_URL,
    TRUST_PROXY: '1',
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    // As in production: the secrets come from the environment, the same on every instance.
    JWT_SECRET: 'scale-out-test-jwt-secret-0123456789abcdef',
    SMS_CODE_PEPPER: 'scale-out-test-sms-pepper-0123456789abcdef',
    SCRYPT_COST: String(2 ** 12),
    // "job ran" lines (which instance's scheduler did the work) are logged at info.
    LOG_LEVEL: 'info',
  };
  instances.push(await startInstance('A', { ...shared, SEED_DEMO: '1' }));
  instances.push(await startInstance('B', { ...shared, SEED_DEMO: '0' }));
  proxy = await startRoundRobinProxy([base(0), base(1)]);
  database = openDatabase(loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', DATABASE_URL: scratch.url }));
});

afterAll(async () => {
  await proxy?.close();
  await Promise.all(instances.map((i) => i.process.kill()));
  await database?.destroy();
  await scratch?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A coin package large enough for a class, bought and paid at the sandbox cashier through `api`. */
async function rechargeCoins(
  api: Transport,
  token: string,
): Promise<{ orderNo: string; upstreams: string[] }> {
  const upstreams: string[] = [];
  const list = await api.request({ method: 'GET', url: apiUrl('/pay/getProductList?kind=coin') });
  upstreams.push(upstreamOf(list));
  const products = dataOf<ProductList>(list, 'getProductList').products;
  const product = [...products].sort((a, b) => b.coins - a.coins)[0];
  if (!product) throw new Error('no coin product');
  const created = await api.request({
    method: 'POST',
    url: apiUrl('/pay/createOrder'),
    token,
    body: { product_id: product.id, pay_method: 'alipay' },
  });
  upstreams.push(upstreamOf(created));
  const order = dataOf<CreatedOrder>(created, 'createOrder');
  const link = new URL('qr_code' in order.pay ? order.pay.qr_code : order.pay.redirect_url, proxy?.base);
  // The cashier page, then its Pay button (a form POST answered 303 back to the app).
  const page = await fetch(new URL(`${link.pathname}${link.search}`, proxy?.base));
  upstreams.push(page.headers.get('x-upstream') ?? '?');
  expect(page.status, await page.text()).toBe(200);
  const paid = await fetch(new URL(`${link.pathname}/pay${link.search}`, proxy?.base), {
    method: 'POST',
    redirect: 'manual',
  });
  upstreams.push(paid.headers.get('x-upstream') ?? '?');
  await paid.text();
  expect(paid.status).toBe(303);
  return { orderNo: order.order_no, upstreams };
}

async function coins(api: Transport, token: string): Promise<number> {
  const reply = await api.request({ method: 'GET', url: apiUrl('/user/coins/getCoinBalance'), token });
  return dataOf<{ coins: number }>(reply, 'getCoinBalance').coins;
}

/** Free slots of demo teachers starting in [now + fromMs, now + toMs), from the database. */
async function freeSlotIds(fromMs: number, toMs: number, limit: number): Promise<number[]> {
  const now = Date.now();
  const rows = await db()
    .selectFrom('teacher_slot')
    .select('id')
    .where('state', '=', 'free')
    .where('start_at', '>', now + fromMs)
    .where('start_at', '<', now + toMs)
    .orderBy('start_at')
    .limit(limit * 4)
    .execute();
  return rows.map((r) => r.id).sort(() => Math.random() - 0.5);
}

/** A new student with coins and one class booked on one of `slots` (the first that books). */
async function studentWithClass(
  slots: number[],
): Promise<{ session: StudentSession; courseId: number; api: Transport }> {
  const api = client(proxy?.base ?? '');
  const session = await createStudentSession(api);
  await rechargeCoins(api, session.token);
  while (slots.length > 0) {
    const slotId = slots.pop();
    const booked = await api.request({
      method: 'POST',
      url: apiUrl('/course/bookCourse'),
      token: session.token,
      body: { slot_id: slotId, pay_type: 'coin' },
    });
    if (booked.status === 200)
      return { session, api, courseId: dataOf<{ id: number }>(booked, 'bookCourse').id };
  }
  throw new Error('no free slot left to book');
}

describe('scale-out: two instances on one PostgreSQL and one Redis', () => {
  it('the API flows pass with consecutive requests answered by different instances', async () => {
    const api = client(proxy?.base ?? '');
    const seen = new Set<string>();
    const started = Date.now();

    // SMS login: the code is sent by one instance and checked by the other.
    const mobile = uniqueMobile();
    const sent = await api.request({
      method: 'POST',
      url: apiUrl('/user/SendLoginSmsCode'),
      body: { mobile },
    });
    const session = await (async () => {
      // createStudentSession sends again: the resend rule refuses it, so log in with this send's code.
      const { challenge_id: challengeId } = dataOf<{ challenge_id: string }>(sent, 'SendLoginSmsCode');
      const code =
        readOutbox(dataDir)
          .filter((e) => e.mobile === mobile)
          .at(-1)?.code ?? '';
      const login = await api.request({
        method: 'POST',
        url: apiUrl('/user/login'),
        body: {
          mobile,
          Code: code,
          currentTab: LOGIN_TABS.sms,
          token: LOGIN_CLIENT_LABEL,
          challenge_id: challengeId,
        },
      });
      expect(upstreamOf(login)).not.toBe(upstreamOf(sent));
      return dataOf<{ token: string }>(login, 'login');
    })();
    seen.add(upstreamOf(sent));
    const token = session.token;

    // The token one instance issued works on both.
    for (const i of [0, 1]) {
      const info = await client(base(i)).request({ method: 'GET', url: apiUrl('/user/getUserInfo'), token });
      expect(dataOf<UserInfo>(info, `getUserInfo on ${instances[i]?.name}`).student_phone).toBe(mobile);
    }

    // Recharge: order on one instance, the cashier page and its payment on the others.
    const before = await coins(api, token);
    const recharge = await rechargeCoins(api, token);
    for (const u of recharge.upstreams) seen.add(u);
    expect(new Set(recharge.upstreams).size).toBe(2);
    const order = dataOf<Order>(
      await api.request({
        method: 'GET',
        url: apiUrl(`/pay/getOrderInfo?order_no=${recharge.orderNo}`),
        token,
      }),
      'getOrderInfo',
    );
    expect(order.status).toBe(200);
    const afterRecharge = await coins(api, token);
    expect(afterRecharge - before).toBe(order.product.coins + order.product.bonus_coins);

    // Booking, through the teacher list and a schedule, as the web app does.
    const teachers = dataOf<Page<TeacherCard>>(
      await api.request({ method: 'GET', url: apiUrl('/teacher/getTeacherList?current=1&size=20') }),
      'getTeacherList',
    ).records;
    let booked: { id: number; price: number } | undefined;
    const from = new Date(Date.now() + 26 * 3_600_000).toISOString();
    const to = new Date(Date.now() + 7 * 86_400_000).toISOString();
    for (const teacher of teachers) {
      const schedule = dataOf<TeacherSchedule>(
        await api.request({
          method: 'GET',
          url: apiUrl(
            `/teacher/getTeacherSchedule?teacher_id=${teacher.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
          ),
          token,
        }),
        'getTeacherSchedule',
      );
      const slot = schedule.slots.find((s) => s.state === 'free');
      if (!slot) continue;
      const reply = await api.request({
        method: 'POST',
        url: apiUrl('/course/bookCourse'),
        token,
        body: { slot_id: slot.id, pay_type: 'coin' },
      });
      seen.add(upstreamOf(reply));
      const course = dataOf<{ id: number; price_coins?: number }>(reply, 'bookCourse');
      booked = { id: course.id, price: afterRecharge - (await coins(api, token)) };
      // The slot is taken for everyone, whichever instance is asked.
      const again = await client(base(1 - Number(upstreamOf(reply)))).request({
        method: 'GET',
        url: apiUrl(
          `/teacher/getTeacherSchedule?teacher_id=${teacher.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        ),
        token,
      });
      const state = dataOf<TeacherSchedule>(again, 'getTeacherSchedule').slots.find(
        (s) => s.id === slot.id,
      )?.state;
      expect(state).not.toBe('free');
      break;
    }
    expect(booked, 'a free slot within the week').toBeDefined();
    expect(booked?.price).toBeGreaterThan(0);

    // Cancel, more than 24 h ahead: the class is cancelled and every coin comes back.
    const list = dataOf<Page<{ id: number; status: number }>>(
      await api.request({
        method: 'GET',
        url: apiUrl('/course/getCourseList?scope=recent&current=1&size=50'),
        token,
      }),
      'getCourseList',
    ).records;
    expect(list.map((c) => c.id)).toContain(booked?.id);
    const cancelled = await api.request({
      method: 'POST',
      url: apiUrl('/course/cancelCourse'),
      token,
      body: { id: booked?.id, reason: 'personal' },
    });
    seen.add(upstreamOf(cancelled));
    expect(cancelled.status, cancelled.body).toBe(200);
    const row = await db()
      .selectFrom('course')
      .select('status')
      .where('id', '=', booked?.id ?? 0)
      .executeTakeFirst();
    expect(row?.status).toBe(-200);
    expect(await coins(api, token)).toBe(afterRecharge);

    expect([...seen].sort()).toEqual(['0', '1']);
    console.info(
      `[scale-out] API flows: ${Date.now() - started} ms; proxy counts A=${proxy?.counts[0]} B=${proxy?.counts[1]}`,
    );
  });

  it('limits are shared: the SMS 60 s resend rule holds when the second send goes to the other instance', async () => {
    const send = (i: number, mobile: string) =>
      client(base(i)).request({ method: 'POST', url: apiUrl('/user/SendLoginSmsCode'), body: { mobile } });
    const codesTo = (mobile: string) =>
      readOutbox(dataDir).filter((e) => e.mobile === mobile && e.code !== '');

    const mobile = uniqueMobile();
    const first = await send(0, mobile);
    expect(first.status, first.body).toBe(200);
    // From another client address, to the other instance: the per-phone rule still refuses it.
    const second = await send(1, mobile);
    expect(second.status, second.body).toBe(429);
    const wait = (second.envelope?.data as { retry_after_seconds?: number } | null)?.retry_after_seconds;
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(second.envelope?.msg).toBeTruthy();
    expect(codesTo(mobile)).toHaveLength(1);

    // Both instances asked at the same moment for a new phone: one code goes out, one send is refused.
    for (let round = 0; round < 5; round += 1) {
      const racing = uniqueMobile();
      const replies = await Promise.all([send(0, racing), send(1, racing)]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 429]);
      expect(codesTo(racing)).toHaveLength(1);
    }
  });

  it('limits are shared: the per-IP request limiter counts requests to both instances in Redis', async () => {
    // TEST-NET-1: no other test of this file uses these addresses.
    const ip = `192.0.2.${1 + Math.floor(Math.random() * 254)}`;
    const hit = (i: number, from = ip) =>
      client(base(i), from).request({ method: 'GET', url: apiUrl('/app/config') });
    const started = Date.now();
    const statuses: number[][] = [[], []];
    // RATE_LIMIT requests, half to each instance, 20 at a time: every one is allowed.
    for (let sent = 0; sent < RATE_LIMIT; sent += 20) {
      const batch = Array.from({ length: Math.min(20, RATE_LIMIT - sent) }, (_, k) => (sent + k) % 2);
      const replies = await Promise.all(batch.map((i) => hit(i)));
      replies.forEach((r, k) => statuses[batch[k] ?? 0]?.push(r.status));
    }
    expect(Date.now() - started, 'the requests fit in the limiter window').toBeLessThan(50_000);
    expect(statuses[0]?.filter((s) => s === 200)).toHaveLength(RATE_LIMIT / 2);
    expect(statuses[1]?.filter((s) => s === 200)).toHaveLength(RATE_LIMIT / 2);
    // Each instance alone has seen half the limit; together they have seen all of it.
    for (const i of [0, 1]) {
      const refused = await hit(i);
      expect(refused.status, `instance ${instances[i]?.name}`).toBe(429);
      expect(refused.envelope?.code).toBe(429);
    }
    // Another address is not affected.
    expect((await hit(0, `192.0.2.${(Number(ip.split('.')[3]) % 254) + 1}`)).status).not.toBe(429);
    // The counter is the one in Redis.
    const redis = new Redis(REDIS_URL);
    try {
      const count = Number(await redis.get(`ratelimit:${ip}`));
      expect(count).toBeGreaterThanOrEqual(RATE_LIMIT + 2);
      await redis.del(`ratelimit:${ip}`);
    } finally {
      redis.disconnect();
    }
  });

  it('the demo-slot top-up runs on both instances at a simultaneous restart and adds each missing slot once', async () => {
    const keys = async () =>
      (await db().selectFrom('teacher_slot').select(['teacher_id', 'start_at']).execute()).map(
        (r) => `${r.teacher_id}@${Number(r.start_at)}`,
      );
    const before = await keys();
    // Take away the free slots of the last days of the window (nobody booked them) ...
    const deleted = await db()
      .deleteFrom('teacher_slot')
      .where('state', '=', 'free')
      .where('start_at', '>', Date.now() + 9 * 86_400_000)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('course').select('course.id').whereRef('course.slot_id', '=', 'teacher_slot.id'),
          ),
        ),
      )
      .executeTakeFirst();
    const removed = Number(deleted.numDeletedRows);
    expect(removed).toBeGreaterThan(0);
    const remaining = (await keys()).length;

    // ... then kill both instances and start them at the same moment: both run the top-up at start.
    const marks = instances.map((i) => sizeOf(i.logFile));
    await Promise.all(instances.map((i) => i.process.kill()));
    const readyAt: number[] = [];
    const restarted = await Promise.all(
      instances.map(async (i, k) => {
        const started = await startServerProcess({ ...i.env, SEED_DEMO: '0' }, i.port, {
          logFile: i.logFile,
        });
        readyAt[k] = Date.now();
        return started;
      }),
    );
    restarted.forEach((p, k) => {
      const instance = instances[k];
      if (instance) instance.process = p;
    });

    const after = await keys();
    expect(new Set(after).size, 'no slot twice').toBe(after.length);
    const missing = before.filter((k) => !new Set(after).has(k));
    expect(missing, 'every slot taken away is back').toEqual([]);
    // The server writes its log in batches (src/http/request-log.ts: 4 KB or 1 s): wait for them.
    await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_MS));
    const added = instances.map((i, k) =>
      jobRuns(i.logFile, marks[k])
        .filter((r) => r.job === 'teachers.demo-slots')
        .reduce((sum, r) => sum + (r.summary.added ?? 0), 0),
    );
    // What the two instances say they added is what the table gained: no insert counted twice.
    expect(added.reduce((a, b) => a + b, 0)).toBe(after.length - remaining);
    for (const [k, i] of instances.entries())
      expect(logLines(i.logFile, /job failed|"level":50/, marks[k]), `instance ${i.name}`).toEqual([]);
    console.info(
      `[scale-out] demo slots: ${removed} removed, added A=${added[0]} B=${added[1]}; ready ${Math.abs((readyAt[0] ?? 0) - (readyAt[1] ?? 0))} ms apart`,
    );
  });

  it('jobs run on both instances without double effects: order expiry, class reminders, class lifecycle', async () => {
    // The restart above started both instances at the same moment: their schedulers' timers tick
    // close together, so the two instances' runs of each job meet on the same rows.
    const slots = await freeSlotIds(26 * 3_600_000, 8 * 86_400_000, 7);
    const reminded = await Promise.all([0, 1, 2, 3, 4].map(() => studentWithClass(slots)));
    const ending = await studentWithClass(slots);
    const products = dataOf<ProductList>(
      await ending.api.request({ method: 'GET', url: apiUrl('/pay/getProductList?kind=coin') }),
      'getProductList',
    ).products;
    const unpaid = dataOf<CreatedOrder>(
      await ending.api.request({
        method: 'POST',
        url: apiUrl('/pay/createOrder'),
        token: ending.session.token,
        body: { product_id: products[0]?.id, pay_method: 'wechat' },
      }),
      'createOrder',
    );
    const endingCourse = await db()
      .selectFrom('course')
      .select(['teacher_id'])
      .where('id', '=', ending.courseId)
      .executeTakeFirstOrThrow();
    const lessons = async () => {
      const teacher = await db()
        .selectFrom('teacher')
        .select('lesson_count')
        .where('id', '=', endingCourse.teacher_id)
        .executeTakeFirstOrThrow();
      const ended = await db()
        .selectFrom('course')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('teacher_id', '=', endingCourse.teacher_id)
        .where('status', '=', 300)
        .executeTakeFirstOrThrow();
      return { count: Number(teacher.lesson_count), ended: Number(ended.n) };
    };
    const lessonsBefore = await lessons();
    const marks = instances.map((i) => sizeOf(i.logFile));

    // Time moves on, as far as these records are concerned: five classes now start in 20 minutes
    // (their reminders are due), one class ended 5 minutes ago, the unpaid order has expired.
    const t0 = Date.now();
    await db()
      .updateTable('course')
      .set({ start_at: t0 + 20 * MINUTE, end_at: t0 + 45 * MINUTE })
      .where(
        'id',
        'in',
        reminded.map((r) => r.courseId),
      )
      .execute();
    await db()
      .updateTable('course')
      .set({ start_at: t0 - 30 * MINUTE, end_at: t0 - 5 * MINUTE })
      .where('id', '=', ending.courseId)
      .execute();
    await db()
      .updateTable('pay_order')
      .set({ expires_at: t0 - 1000 })
      .where('order_no', '=', unpaid.order_no)
      .execute();

    // The schedulers of both instances run every minute (the lifecycle every 30 s): wait for the effects.
    const state = async () => {
      const courses = await db()
        .selectFrom('course')
        .select(['id', 'status', 'reminder_sent_at'])
        .where('id', 'in', [...reminded.map((r) => r.courseId), ending.courseId])
        .execute();
      const order = await db()
        .selectFrom('pay_order')
        .select(['status', 'closed_at'])
        .where('order_no', '=', unpaid.order_no)
        .executeTakeFirstOrThrow();
      return { courses, order };
    };
    let now = await state();
    const deadline = t0 + 150_000;
    for (;;) {
      const remindedAll = reminded.every(
        (r) => now.courses.find((c) => c.id === r.courseId)?.reminder_sent_at != null,
      );
      const ended = now.courses.find((c) => c.id === ending.courseId)?.status === 300;
      if (remindedAll && ended && now.order.status === 500) break;
      if (Date.now() > deadline)
        throw new Error(
          `the jobs did not run within 150 s: ${JSON.stringify(now)}\n${instances[0]?.process.log()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      now = await state();
    }
    const effectsAfter = Date.now() - t0;
    const closedAt = now.order.closed_at;
    // Every instance's scheduler has had a full minute since the records moved: a second effect
    // would have happened by now.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + 65_000 - Date.now())));
    const later = await state();

    // One reminder SMS per class, though both instances ran the reminder job.
    for (const r of reminded) {
      const notices = readOutbox(dataDir).filter((e) => e.mobile === r.session.mobile && e.code === '');
      expect(notices, `reminders to ${r.session.mobile}`).toHaveLength(1);
    }
    // The order closed once: still closed, at the same moment.
    expect(later.order).toEqual({ status: 500, closed_at: closedAt });
    // The class ended once: the teacher's lesson count grew by the number of their classes that ended.
    const lessonsAfter = await lessons();
    expect(lessonsAfter.ended - lessonsBefore.ended).toBeGreaterThanOrEqual(1);
    expect(lessonsAfter.count - lessonsBefore.count).toBe(lessonsAfter.ended - lessonsBefore.ended);

    // What each scheduler reported: the effects add up to what is in the database, none counted twice.
    await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_MS));
    const runs = instances.map((i, k) => jobRuns(i.logFile, marks[k]));
    const total = (job: string, field: string) =>
      runs.flat().reduce((sum, run) => sum + (run.job === job ? (run.summary[field] ?? 0) : 0), 0);
    const closedInWindow = await db()
      .selectFrom('pay_order')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('closed_at', '>=', t0)
      .executeTakeFirstOrThrow();
    expect(total('payments.close-expired-orders', 'closed')).toBe(Number(closedInWindow.n));
    const remindedInWindow = await db()
      .selectFrom('course')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reminder_sent_at', '>=', t0)
      .executeTakeFirstOrThrow();
    expect(total('courses.class-reminders', 'sent')).toBe(Number(remindedInWindow.n));
    for (const [k, i] of instances.entries())
      expect(logLines(i.logFile, /job failed/, marks[k]), `instance ${i.name}`).toEqual([]);

    const byInstance = runs.map(
      (list, k) =>
        `${instances[k]?.name}: ` + list.map((r) => `${r.job} ${JSON.stringify(r.summary)}`).join(', '),
    );
    console.info(`[scale-out] jobs: effects after ${effectsAfter} ms; ${byInstance.join(' | ')}`);
  });

  it(`the browser flows (${PROFILE.scaleOutBrowserFiles.join(', ')}) pass against the pair`, async () => {
    const counts = [...(proxy?.counts ?? [])];
    const logFile = path.join(dataDir, 'e2e.log');
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
    const started = Date.now();
    const code = await new Promise<number>((resolve, reject) => {
      const out = fs.openSync(logFile, 'w');
      const child = spawn('npx', ['vitest', 'run', '--project', 'e2e', ...PROFILE.scaleOutBrowserFiles], {
        cwd: ROOT,
        env: { ...env, BASE_URL: proxy?.base ?? '', E2E_DATA_DIR: dataDir, NO_COLOR: '1' },
        stdio: ['ignore', out, out],
      });
      fs.closeSync(out);
      child.once('error', reject);
      child.once('exit', (status) => resolve(status ?? 1));
    });
    const output = fs.readFileSync(logFile, 'utf8');
    expect(code, output.slice(-6000)).toBe(0);
    const files = /Test Files\s+(\d+) passed/.exec(output);
    const tests = /Tests\s+(\d+) passed/.exec(output);
    expect(Number(files?.[1])).toBe(PROFILE.scaleOutBrowserFiles.length);
    expect(Number(tests?.[1])).toBeGreaterThan(0);
    expect(output).not.toMatch(/skipped|todo/);
    // Both instances served the browsers.
    for (const i of [0, 1]) expect((proxy?.counts[i] ?? 0) - (counts[i] ?? 0)).toBeGreaterThan(50);
    console.info(
      `[scale-out] browser flows: ${tests?.[1]} tests in ${Date.now() - started} ms; requests A=${(proxy?.counts[0] ?? 0) - (counts[0] ?? 0)} B=${(proxy?.counts[1] ?? 0) - (counts[1] ?? 0)}`,
    );
  });
});
