import { expect } from 'vitest';
import type { AdjustableClock, Clock } from '../../src/clock.ts';
import type { Db } from '../../src/db/database.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { isAppError } from '../../src/http/app-error.ts';
import type { WalletService } from '../../src/modules/wallet/wallet.service.ts';
import { ledgerViolations } from '../../src/ops/ledger-audit.ts';
import { createServices, silentLog } from '../../src/services.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Helpers of the wallet and class service tests: a clock the test sets, students, coins and cards
 * given through the wallet service (so the ledgers stay whole), and the ledger invariants of
 * DESIGN.md §7 "Wallet" checked straight in the database.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type ManualClock = AdjustableClock & { set(ms: number): void };

/** A clock that stands still until the test moves it. */
export function manualClock(start: number): ManualClock {
  let now = start;
  return {
    now: () => now,
    set(ms) {
      now = ms;
    },
    advance(ms) {
      now += ms;
    },
    freeze() {}, // it never runs on its own
  };
}

/** A whole minute, so slot starts line up with the bookable window's minute rounding. */
export function wholeMinute(ms: number): number {
  return Math.floor(ms / MINUTE) * MINUTE;
}

let studentCounter = 0;

export async function createStudent(
  db: Db,
  overrides: { nick?: string; mobile?: string } = {},
): Promise<number> {
  studentCounter++;
  const suffix = `${process.pid % 10_000}`.padStart(4, '0') + `${studentCounter}`.padStart(4, '0');
  const { id } = await db
    .insertInto('student')
    .values({
      mobile: overrides.mobile ?? `137${suffix}`,
      password_hash: null,
      nick: overrides.nick ?? `Student ${studentCounter}`,
      birthday: null,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Every service (src/services.ts) on the test app's database and config, on `clock`, with the
 * booking notice period given (60 minutes, the default of BOOKING_MIN_NOTICE_MINUTES).
 */
export function servicesFor(t: TestApp, clock: Clock, minNoticeMinutes = 60) {
  return createServices({
    db: t.db,
    dialect: t.dialect,
    clock,
    config: { ...t.config, BOOKING_MIN_NOTICE_MINUTES: minNoticeMinutes },
    log: silentLog,
  });
}

/**
 * A fresh test app with every service on a manual clock that starts at `now` (the service tests'
 * setup): `wallet`, `courses`, `classLifecycle`, `classReviews`, `teachers`...
 */
export async function servicesAt(now: number, minNoticeMinutes = 60) {
  const t = await createTestApp();
  const clock = manualClock(now);
  return { t, db: t.db, clock, ...(await servicesFor(t, clock, minNoticeMinutes)) };
}

/** Coins through a recharge entry (coin log 300). */
export function giveCoins(db: Db, wallet: WalletService, studentId: number, amount: number): Promise<number> {
  return withTransaction(db, (trx) => wallet.creditCoins(trx, 300, { studentId, amount }));
}

export function giveCard(
  db: Db,
  wallet: WalletService,
  studentId: number,
  card: { type: 100 | 200; teacherId?: number; lessons?: number; expiresAt: number },
): Promise<number> {
  return withTransaction(db, (trx) =>
    wallet.issueCard(trx, {
      studentId,
      type: card.type,
      teacherId: card.type === 100 ? (card.teacherId ?? null) : null,
      lessons: card.lessons ?? 10,
      expiresAt: card.expiresAt,
    }),
  );
}

/** Asserts the promise fails with an AppError of this code and message key; returns its params. */
export async function expectRefusal(
  promise: Promise<unknown>,
  code: number,
  messageKey: string,
): Promise<Record<string, string | number>> {
  try {
    await promise;
  } catch (error) {
    if (!isAppError(error)) throw error;
    expect({ code: error.code, messageKey: error.messageKey }).toEqual({ code, messageKey });
    return error.params;
  }
  throw new Error(`expected a refusal ${code} ${messageKey}, but it succeeded`);
}

/**
 * Every invariant the money, the slots and the orders must keep (DESIGN.md §7), as a list of
 * violations (empty when whole): the audit of `npm run ops -- ledger audit` (src/ops/ledger-audit.ts).
 */
export { ledgerViolations };

export async function expectLedgersWhole(db: Db): Promise<void> {
  expect(await ledgerViolations(db)).toEqual([]);
}

export async function coinLogsOf(db: Db, studentId: number) {
  return db
    .selectFrom('coin_log')
    .select(['type', 'amount', 'balance_after', 'course_id'])
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
}

export async function cardLogsOf(db: Db, cardId: number) {
  return db
    .selectFrom('card_log')
    .select(['type', 'amount', 'lessons_after', 'course_id'])
    .where('card_id', '=', cardId)
    .orderBy('id')
    .execute();
}

export async function slotState(db: Db, slotId: number): Promise<string> {
  const row = await db
    .selectFrom('teacher_slot')
    .select('state')
    .where('id', '=', slotId)
    .executeTakeFirstOrThrow();
  return row.state;
}
