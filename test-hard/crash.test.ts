import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { ledgerViolations } from '../apps/server/src/ops/ledger-audit.ts';
import { fetchTransport } from '../test-support/http.ts';
import { createStudentSession } from '../test-support/students.ts';
import { PROFILE } from './lib/profile.ts';
import { freePort, startServerProcess, type ServerProcess } from './lib/server-process.ts';

/**
 * Crash safety (issue 18): the real server as a child process under a mixed load of students
 * recharging coins (order + the sandbox cashier's signed payment notification), booking free slots
 * (several students aiming at the same slots) and cancelling, killed with SIGKILL at a random
 * moment and started again on the same data, PROFILE.kills times. After every restart:
 * - the ledger audit (src/ops/ledger-audit.ts, `npm run ops -- ledger audit`) finds nothing;
 * - every booking the server acknowledged (a 200 the client received) is there, on its slot, and
 *   cancelled only if the client asked to cancel it; every acknowledged cancel is a cancelled class;
 * - every acknowledged payment (the cashier's 303) is a paid order, and every acknowledged order exists;
 * - no slot holds two live classes.
 */

type Ledger = {
  bookings: Map<number, { slotId: number; studentId: number }>;
  cancelAsked: Set<number>;
  cancelled: Set<number>;
  orders: Set<string>;
  paid: Set<string>;
  /** Requests that got no reply (the server died under them). */
  unanswered: number;
  answered: number;
};

type Student = { token: string; studentId: number };

const TIMEOUT_MS = 10_000;

async function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; json: { code: number; data: unknown } | null; location: string | null }> {
  const response = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: {
      authorization: `Bearer ${token}`,
      'api-language': 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: { code: number; data: unknown } | null = null;
  try {
    json = JSON.parse(text) as { code: number; data: unknown };
  } catch {
    json = null;
  }
  return { status: response.status, json, location: response.headers.get('location') };
}

/** One student's actions until `stop()` says so; every acknowledged effect goes into the ledger. */
async function studentLoad(
  base: string,
  me: Student,
  productId: number,
  slots: number[],
  ledger: Ledger,
  stop: () => boolean,
): Promise<void> {
  while (!stop()) {
    const roll = Math.random();
    try {
      if (roll < 0.3) {
        const created = await call(base, 'POST', '/api/v1/pay/createOrder', me.token, {
          product_id: productId,
          pay_method: randomInt(2) === 0 ? 'wechat' : 'alipay',
        });
        ledger.answered += 1;
        if (created.status !== 200) continue;
        const order = created.json?.data as {
          order_no: string;
          pay: { qr_code?: string; redirect_url?: string };
        };
        ledger.orders.add(order.order_no);
        const link = new URL(order.pay.qr_code ?? order.pay.redirect_url ?? '', base);
        const paid = await fetch(`${base}${link.pathname}/pay${link.search}`, {
          method: 'POST',
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await paid.text();
        ledger.answered += 1;
        if (paid.status === 303) ledger.paid.add(order.order_no);
      } else if (roll < 0.75) {
        const slotId = slots[randomInt(slots.length)] ?? 0;
        const booked = await call(base, 'POST', '/api/v1/course/bookCourse', me.token, {
          slot_id: slotId,
          pay_type: 'coin',
        });
        ledger.answered += 1;
        if (booked.status === 200) {
          const course = booked.json?.data as { id: number; slot_id: number };
          ledger.bookings.set(course.id, { slotId: course.slot_id, studentId: me.studentId });
        }
      } else {
        const mine = [...ledger.bookings]
          .filter(([id, b]) => b.studentId === me.studentId && !ledger.cancelAsked.has(id))
          .map(([id]) => id);
        const id = mine[randomInt(Math.max(1, mine.length))];
        if (id === undefined) continue;
        ledger.cancelAsked.add(id);
        const cancelled = await call(base, 'POST', '/api/v1/course/cancelCourse', me.token, {
          id,
          reason: 'personal',
        });
        ledger.answered += 1;
        if (cancelled.status === 200) ledger.cancelled.add(id);
      }
    } catch {
      // The server died under the request: no acknowledgement. Wait for the next cycle.
      ledger.unanswered += 1;
      return;
    }
  }
}

/** What is wrong with the data after a restart, against what the clients were told. */
async function verify(env: Record<string, string>, ledger: Ledger): Promise<string[]> {
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', ...env });
  const handle = openDatabase(config, env.HARD_PG_SCHEMA ? { pgSchema: env.HARD_PG_SCHEMA } : {});
  try {
    const db = handle.db;
    const problems = (await ledgerViolations(db)).map((v) => `ledger audit: ${v}`);
    const ids = [...ledger.bookings.keys()];
    const rows = ids.length
      ? await db
          .selectFrom('course')
          .select(['id', 'slot_id', 'student_id', 'status'])
          .where('id', 'in', ids)
          .execute()
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [id, b] of ledger.bookings) {
      const row = byId.get(id);
      if (!row) problems.push(`acknowledged booking ${id} (slot ${b.slotId}) is missing`);
      else if (row.slot_id !== b.slotId || row.student_id !== b.studentId)
        problems.push(
          `acknowledged booking ${id} now names slot ${row.slot_id} of student ${row.student_id}`,
        );
      else if (row.status === -200 && !ledger.cancelAsked.has(id))
        problems.push(`acknowledged booking ${id} is cancelled though nobody asked`);
      else if (ledger.cancelled.has(id) && row.status !== -200)
        problems.push(`acknowledged cancel of ${id} is lost (status ${row.status})`);
    }
    const orderNos = [...ledger.orders];
    const orders = orderNos.length
      ? await db
          .selectFrom('pay_order')
          .select(['order_no', 'status'])
          .where('order_no', 'in', orderNos)
          .execute()
      : [];
    const status = new Map(orders.map((o) => [o.order_no, o.status]));
    for (const no of ledger.orders) if (!status.has(no)) problems.push(`acknowledged order ${no} is missing`);
    for (const no of ledger.paid)
      if (status.get(no) !== 200)
        problems.push(`acknowledged payment of ${no} is lost (status ${status.get(no)})`);
    const doubled = await db
      .selectFrom('course')
      .select(['slot_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', [100, 200, 300])
      .groupBy('slot_id')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    for (const d of doubled) problems.push(`slot ${d.slot_id} holds ${Number(d.n)} live classes`);
    return problems;
  } finally {
    await handle.destroy();
  }
}

async function freeSlots(env: Record<string, string>): Promise<number[]> {
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: '0', ...env });
  const handle = openDatabase(config, env.HARD_PG_SCHEMA ? { pgSchema: env.HARD_PG_SCHEMA } : {});
  try {
    const now = Date.now();
    const rows = await handle.db
      .selectFrom('teacher_slot')
      .select('id')
      .where('state', '=', 'free')
      .where('start_at', '>', now + 3 * 3_600_000)
      .where('start_at', '<', now + 12 * 86_400_000)
      .execute();
    // A small pool: students collide on the same slots, as they do on a popular teacher.
    return rows
      .map((r) => r.id)
      .sort(() => Math.random() - 0.5)
      .slice(0, 80);
  } finally {
    await handle.destroy();
  }
}

async function crashScenario(
  env: Record<string, string>,
  kills: number,
): Promise<Ledger & { cycles: string[] }> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? '';
  const ledger: Ledger = {
    bookings: new Map(),
    cancelAsked: new Set(),
    cancelled: new Set(),
    orders: new Set(),
    paid: new Set(),
    unanswered: 0,
    answered: 0,
  };
  const cycles: string[] = [];
  let server: ServerProcess = await startServerProcess(env, port);
  try {
    const students: Student[] = [];
    for (let i = 0; i < PROFILE.crashClients; i += 1) {
      const s = await createStudentSession(fetchTransport(server.base, dataDir));
      students.push({ token: s.token, studentId: s.studentId });
    }
    const catalogue = (await (await fetch(`${server.base}/api/v1/pay/getProductList?kind=coin`)).json()) as {
      data: { products: { id: number }[] };
    };
    const productId = catalogue.data.products[0]?.id;
    if (productId === undefined)
      throw new Error(`no coin product: ${JSON.stringify(catalogue).slice(0, 300)}`);

    for (let kill = 1; kill <= kills; kill += 1) {
      const slots = await freeSlots(env);
      let stopped = false;
      const load = students.map((s) =>
        studentLoad(server.base, s, productId, slots, ledger, () => stopped || !server.alive()),
      );
      const before = ledger.answered;
      await new Promise((resolve) => setTimeout(resolve, 300 + randomInt(2200)));
      await server.kill();
      stopped = true;
      await Promise.all(load);
      const restartAt = Date.now();
      server = await startServerProcess(env, port);
      const restartMs = Date.now() - restartAt;
      const problems = await verify(env, ledger);
      cycles.push(`kill ${kill}: ${ledger.answered - before} replies, restart ${restartMs} ms`);
      expect(problems, `after kill ${kill}:\n${problems.join('\n')}\n${server.log()}`).toEqual([]);
    }
    return { ...ledger, cycles };
  } finally {
    await server.kill();
  }
}

function summary(name: string, r: Ledger): string {
  return (
    `[crash] ${name}: ${r.answered} replies, ${r.unanswered} requests cut by a kill; acknowledged: ` +
    `${r.bookings.size} bookings, ${r.cancelled.size} cancels, ${r.orders.size} orders, ${r.paid.size} payments`
  );
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('crash safety: kill -9 under load, restart, nothing acknowledged is lost', () => {
  it(`on SQLite, ${PROFILE.kills} kills`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hard-crash-'));
    tempDirs.push(dataDir);
    const env = { DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') };
    const result = await crashScenario(env, PROFILE.kills);
    console.info(summary('SQLite', result), result.cycles.join('; '));
    // The load did real work in every cycle (the kills landed on a busy server).
    expect(result.bookings.size).toBeGreaterThan(PROFILE.kills);
    expect(result.paid.size).toBeGreaterThan(PROFILE.kills);
    expect(result.cancelled.size).toBeGreaterThan(0);
    expect(result.unanswered).toBeGreaterThan(0);
  });

  const pgUrl = process.env.TEST_DATABASE_URL;
  // Only with a PostgreSQL to run on (TEST_DATABASE_URL, as the API suite): not defined otherwise.
  if (pgUrl)
    it(`on PostgreSQL, ${PROFILE.pgKills} kills`, async () => {
      const schema = `hard_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hard-crash-pg-'));
      tempDirs.push(dataDir);
      try {
        const url = new URL(pgUrl ?? '');
        url.searchParams.set('options', `-c search_path=${schema}`);
        const env = {
          DATA_DIR: dataDir,
          WEB_DIST: path.join(dataDir, 'no-web'),
          DATABASE_URL: url.toString(),
          SEED_DEMO: '1',
          HARD_PG_SCHEMA: schema,
        };
        const result = await crashScenario(env, PROFILE.pgKills);
        console.info(summary('PostgreSQL', result), result.cycles.join('; '));
        expect(result.bookings.size).toBeGreaterThan(PROFILE.pgKills);
        expect(result.paid.size).toBeGreaterThan(PROFILE.pgKills);
      } finally {
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
    });
});
