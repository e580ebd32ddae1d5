import fc from 'fast-check';
import { expect } from 'vitest';
import { apiUrl } from '../../../../test-support/http.ts';
import { createStudentSession, type StudentSession } from '../../../../test-support/students.ts';
import { runOps, type OpsOutcome } from '../../src/ops/run.ts';
import { transportOf } from './auth.ts';
import { manualClock, type ManualClock } from './courses.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Helpers of the operations CLI tests: the app on a fresh test database with a clock the test
 * moves, and `ops(...argv)`, which runs a command in-process through `runOps` (the function the CLI
 * calls) as the actor "tester"; the audit records written; students logged in over HTTP.
 */

export type OpsCtx = { t: TestApp; clock: ManualClock; ops: (...argv: string[]) => Promise<OpsOutcome> };

export async function setupOps(now: number): Promise<OpsCtx> {
  const clock = manualClock(now);
  const t = await createTestApp({ clock, env: { SMS_DAILY_BUDGET: '1000000' } });
  const deps = { db: t.db, dialect: t.dialect, clock, config: t.config };
  return { t, clock, ops: (...argv) => runOps(deps, argv, { USER: 'tester' }) };
}

/** The audit records, oldest first, with their JSON columns parsed. */
export async function auditRows(ctx: OpsCtx) {
  const rows = await ctx.t.db.selectFrom('ops_audit').selectAll().orderBy('id').execute();
  return rows.map((r) => ({
    actor: r.actor,
    command: r.command,
    args: JSON.parse(r.args) as unknown,
    before: JSON.parse(r.before) as unknown,
    after: JSON.parse(r.after) as unknown,
    at: Number(r.at),
  }));
}

export function coinsOf(ctx: OpsCtx, studentId: number): Promise<number> {
  return ctx.t.app.wallet.balance(ctx.t.db, studentId);
}

export type OpsStudent = StudentSession & { ip: string };

let ipCounter = 0;

/** A student logged in over HTTP, each from an address of their own (so no rate limit is shared). */
export async function studentSession(ctx: OpsCtx, mobile?: string): Promise<OpsStudent> {
  ipCounter++;
  const ip = `203.0.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
  const s = await createStudentSession(transportOf(ctx.t), { ip, ...(mobile ? { mobile } : {}) });
  return { ...s, ip };
}

/**
 * The student's session renewed the way the web app renews it, with the refresh token
 * (POST /updateToken); a new SMS login only when the refresh is refused. Long randomized runs move
 * the clock by hours, and an SMS login at every renewal would meet the daily limit of codes per phone.
 */
export async function renewedSession(ctx: OpsCtx, s: OpsStudent): Promise<OpsStudent> {
  const reply = await transportOf(ctx.t).request({
    method: 'POST',
    url: apiUrl('/updateToken'),
    body: { refreshToken: s.refreshToken },
    ip: s.ip,
  });
  const pair = reply.envelope?.data as { token?: string; refreshToken?: string } | null | undefined;
  if (reply.status === 200 && pair?.token && pair.refreshToken) {
    return { ...s, token: pair.token, refreshToken: pair.refreshToken };
  }
  return { ...(await studentSession(ctx, s.mobile)), ip: s.ip };
}

/** Command options as arguments, in order: `{ kind: 'coin', price: 10 }` → `--kind coin --price 10`; undefined ones left out. */
export function flags(options: Record<string, string | number | undefined>): string[] {
  return Object.entries(options).flatMap(([name, value]) =>
    value === undefined ? [] : [`--${name}`, String(value)],
  );
}

/** A step of the randomized tests: a coin adjustment of any type, of 1 to `maxAmount` coins. */
export function coinAdjustmentStep(maxAmount: number) {
  return fc.record({
    kind: fc.constant('coins' as const),
    type: fc.constantFrom('increase', 'reduction', 'clear', 'bonus'),
    amount: fc.integer({ min: 1, max: maxAmount }),
  });
}

/** Runs a coin adjustment step: it may be refused (a reduction below zero), never bad input. */
export async function adjustCoins(
  ctx: OpsCtx,
  studentId: number,
  step: { type: string; amount: number },
): Promise<void> {
  const outcome = await ctx.ops(
    'coins',
    'adjust',
    ...flags({
      student: studentId,
      type: step.type,
      amount: step.type === 'clear' ? undefined : step.amount,
      reason: 'random',
    }),
  );
  expect(outcome.code).not.toBe(2);
}
