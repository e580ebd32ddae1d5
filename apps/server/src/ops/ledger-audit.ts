import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import { appSettingRepository, SETTING_KEYS } from '../db/app-setting.repository.ts';
import type { Db } from '../db/database.ts';
import { COURSE_OUTCOME } from '../modules/courses/courses.repository.ts';

/**
 * The invariants of DESIGN.md §7 ("Wallet", "Booking", "Orders and payment") checked straight in
 * the database, as a list of violations (empty when whole). Shared by `npm run ops -- ledger audit`
 * and the tests (test/helpers/courses.ts), so both judge the data by one definition.
 *
 * - a wallet's coins equal the sum of its coin entries, each entry's balance_after is the running
 *   sum, nothing is negative, and no entry exists without its wallet; the same for a card's lessons
 *   and its card entries; the coin log's tally by student and type equals its entries, and the
 *   classes' tally by student and outcome its classes;
 * - a slot holds at most one live class and is booked exactly when it holds a class that is not
 *   cancelled (an abolished class leaves its past slot booked);
 * - every paid order is credited exactly once: a coin order by one coin log 300 of its coins (and
 *   one 800 of its bonus when it has one) carrying its order number; a card order by one card with
 *   one card log 1 of its lessons;
 * - no credit names an order that was not paid (or does not exist); the demo seed's purchases are
 *   real orders paid at the sandbox cashier (payments.seed.ts). A 300 entry without an order number
 *   cannot be tied to an order and is not judged here (only the payments area writes 300, always
 *   with one).
 */
export async function ledgerViolations(db: Db): Promise<string[]> {
  return [
    ...(await walletViolations(db)),
    ...(await tallyViolations(db)),
    ...(await slotViolations(db)),
    ...(await orderViolations(db)),
  ];
}

/**
 * The tallies the triggers keep against what they count (a missing row counts 0, a row may hold 0):
 * the coin log's by student and type (migration 0020), the classes' by student and outcome
 * (migration 0021; the outcome as `COURSE_OUTCOME` defines it).
 */
async function tallyViolations(db: Db): Promise<string[]> {
  const outcome = COURSE_OUTCOME;
  const [coinCounts, coinTallies, classCounts, classTallies] = await Promise.all([
    db
      .selectFrom('coin_log')
      .select((eb) => ['student_id', 'type as kind', eb.fn.countAll<number>().as('n')])
      .groupBy(['student_id', 'type'])
      .execute(),
    db.selectFrom('coin_log_tally').select(['student_id', 'type as kind', 'entries']).execute(),
    db
      .selectFrom('course')
      .select((eb) => ['student_id', outcome.as('kind'), eb.fn.countAll<number>().as('n')])
      .groupBy(['student_id', outcome])
      .execute(),
    db.selectFrom('course_outcome_tally').select(['student_id', 'outcome as kind', 'entries']).execute(),
  ]);
  return [
    ...tallyProblems('coin_log_tally', coinCounts, coinTallies),
    ...tallyProblems(
      'course_outcome_tally',
      classCounts.filter((c) => c.kind !== null),
      classTallies,
    ),
  ];
}

type Keyed = { student_id: number; kind: string | number | null };

function tallyProblems(
  name: string,
  counts: (Keyed & { n: unknown })[],
  tallies: (Keyed & { entries: unknown })[],
): string[] {
  const key = (row: Keyed) => `${row.student_id}/${row.kind}`;
  const counted = new Map(counts.map((c) => [key(c), Number(c.n)]));
  const kept = new Map(tallies.map((t) => [key(t), Number(t.entries)]));
  const problems: string[] = [];
  for (const k of new Set([...counted.keys(), ...kept.keys()])) {
    const [n, entries] = [counted.get(k) ?? 0, kept.get(k) ?? 0];
    if (n !== entries) problems.push(`${name} ${k}: ${entries} ≠ ${n} entries`);
  }
  return problems;
}

type LedgerEntry = { id: number; owner: number; amount: number; after: number };

/**
 * One ledger against the rows it keeps (a wallet's coins, a card's lessons): each entry's `after`
 * is its owner's running sum and never negative; each row equals its sum and is never negative;
 * no entry without its row.
 */
export function ledgerProblems(
  names: { log: string; after: string; holder: string; balance: string },
  entries: LedgerEntry[],
  holders: { owner: number; balance: number }[],
): string[] {
  const problems: string[] = [];
  const running = new Map<number, number>();
  for (const e of entries) {
    const sum = (running.get(e.owner) ?? 0) + e.amount;
    running.set(e.owner, sum);
    if (e.after !== sum) problems.push(`${names.log} ${e.id}: ${names.after} ${e.after} ≠ ${sum}`);
    if (sum < 0) problems.push(`${names.log} ${e.id}: negative running ${names.balance} ${sum}`);
  }
  const owners = new Set(holders.map((h) => h.owner));
  for (const h of holders) {
    const sum = running.get(h.owner) ?? 0;
    if (h.balance !== sum)
      problems.push(`${names.holder} ${h.owner}: ${names.balance} ${h.balance} ≠ ledger ${sum}`);
    if (h.balance < 0) problems.push(`${names.holder} ${h.owner}: negative ${h.balance}`);
  }
  for (const owner of running.keys()) {
    if (!owners.has(owner)) problems.push(`${names.log} of ${owner} without ${names.holder}`);
  }
  return problems;
}

async function walletViolations(db: Db): Promise<string[]> {
  const [wallets, coinLogs, cards, cardLogs] = await Promise.all([
    db.selectFrom('wallet').select(['student_id', 'coins']).execute(),
    db.selectFrom('coin_log').select(['student_id', 'amount', 'balance_after', 'id']).orderBy('id').execute(),
    db.selectFrom('lesson_card').select(['id', 'lessons_left']).execute(),
    db.selectFrom('card_log').select(['card_id', 'amount', 'lessons_after', 'id']).orderBy('id').execute(),
  ]);
  return [
    ...ledgerProblems(
      { log: 'coin_log', after: 'balance_after', holder: 'wallet', balance: 'coins' },
      coinLogs.map((l) => ({ id: l.id, owner: l.student_id, amount: l.amount, after: l.balance_after })),
      wallets.map((w) => ({ owner: w.student_id, balance: w.coins })),
    ),
    ...ledgerProblems(
      { log: 'card_log', after: 'lessons_after', holder: 'card', balance: 'lessons_left' },
      cardLogs.map((l) => ({ id: l.id, owner: l.card_id, amount: l.amount, after: l.lessons_after })),
      cards.map((c) => ({ owner: c.id, balance: c.lessons_left })),
    ),
  ];
}

async function slotViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const doubled = await db
    .selectFrom('course')
    .select(['slot_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', [100, 200, 300])
    .groupBy('slot_id')
    .having(sql`count(*)`, '>', 1)
    .execute();
  for (const d of doubled) problems.push(`slot ${d.slot_id}: ${Number(d.n)} live classes`);
  // A slot with a live class is booked; one whose classes were all cancelled is free again; an
  // abolished class (teacher no-show) leaves its past slot booked.
  const slotClasses = await db
    .selectFrom('course as c')
    .innerJoin('teacher_slot as s', 's.id', 'c.slot_id')
    .select(['s.id', 's.state', 'c.status'])
    .execute();
  const bySlot = new Map<number, { state: string; statuses: number[] }>();
  for (const r of slotClasses) {
    const entry = bySlot.get(r.id) ?? { state: r.state, statuses: [] };
    entry.statuses.push(r.status);
    bySlot.set(r.id, entry);
  }
  for (const [slotId, { state, statuses }] of bySlot) {
    const expected = statuses.every((st) => st === -200) ? 'free' : 'booked';
    if (state !== expected)
      problems.push(`slot ${slotId}: ${state}, expected ${expected} (${statuses.join(',')})`);
  }
  return problems;
}

/** The product snapshot an order credits (pay_order.product, JSON). */
function snapshotOf(json: string): { coins: number; bonus: number; lessons: number } {
  try {
    const p = JSON.parse(json) as { coins?: unknown; bonus_coins?: unknown; lessons?: unknown };
    const n = (v: unknown) => (typeof v === 'number' ? v : 0);
    return { coins: n(p.coins), bonus: n(p.bonus_coins), lessons: n(p.lessons) };
  } catch {
    return { coins: 0, bonus: 0, lessons: 0 };
  }
}

async function orderViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const [orders, credits, cards, cardRecharges] = await Promise.all([
    db
      .selectFrom('pay_order')
      .select(['order_no', 'student_id', 'kind', 'status', 'product', 'card_id'])
      .execute(),
    db
      .selectFrom('coin_log')
      .select(['id', 'student_id', 'type', 'amount', 'order_no'])
      .where('order_no', 'is not', null)
      .orderBy('id')
      .execute(),
    db.selectFrom('lesson_card').select(['id', 'student_id']).execute(),
    db.selectFrom('card_log').select(['card_id', 'amount']).where('type', '=', 1).execute(),
  ]);
  const byOrder = new Map<string, typeof credits>();
  for (const c of credits) {
    const list = byOrder.get(c.order_no ?? '') ?? [];
    list.push(c);
    byOrder.set(c.order_no ?? '', list);
  }
  const cardOwner = new Map(cards.map((c) => [c.id, c.student_id]));
  const rechargesOf = new Map<number, number[]>();
  for (const r of cardRecharges)
    rechargesOf.set(r.card_id, [...(rechargesOf.get(r.card_id) ?? []), r.amount]);
  const cardOrders = new Map<number, string>();

  for (const o of orders) {
    const paid = o.status === 200;
    const entries = byOrder.get(o.order_no) ?? [];
    const wanted = snapshotOf(o.product);
    if (o.kind === 'coin') {
      const recharge = entries.filter((e) => e.type === 300);
      const bonus = entries.filter((e) => e.type === 800);
      if (!paid) {
        if (entries.length > 0) problems.push(`order ${o.order_no}: status ${o.status} but credited`);
        continue;
      }
      if (recharge.length !== 1 || recharge[0]?.amount !== wanted.coins)
        problems.push(
          `order ${o.order_no}: paid, expected one coin log 300 of ${wanted.coins}, found [${recharge.map((e) => e.amount).join(',')}]`,
        );
      const wantedBonus = wanted.bonus > 0 ? 1 : 0;
      if (bonus.length !== wantedBonus || (wantedBonus === 1 && bonus[0]?.amount !== wanted.bonus))
        problems.push(
          `order ${o.order_no}: paid, expected ${wantedBonus} coin log 800 of ${wanted.bonus}, found [${bonus.map((e) => e.amount).join(',')}]`,
        );
      for (const e of entries) {
        if (e.student_id !== o.student_id)
          problems.push(`coin_log ${e.id}: credits order ${o.order_no} of another student`);
        if (e.type !== 300 && e.type !== 800)
          problems.push(`coin_log ${e.id}: type ${e.type} names order ${o.order_no}`);
      }
    } else {
      if (entries.length > 0) problems.push(`order ${o.order_no}: a card order with coin entries`);
      if (!paid) {
        if (o.card_id !== null)
          problems.push(`order ${o.order_no}: status ${o.status} but has card ${o.card_id}`);
        continue;
      }
      if (o.card_id === null) {
        problems.push(`order ${o.order_no}: paid card order without its card`);
        continue;
      }
      const other = cardOrders.get(o.card_id);
      if (other) problems.push(`card ${o.card_id}: credits orders ${other} and ${o.order_no}`);
      cardOrders.set(o.card_id, o.order_no);
      if (cardOwner.get(o.card_id) !== o.student_id)
        problems.push(`order ${o.order_no}: card ${o.card_id} missing or of another student`);
      const recharges = rechargesOf.get(o.card_id) ?? [];
      if (recharges.length !== 1 || recharges[0] !== wanted.lessons)
        problems.push(
          `order ${o.order_no}: paid, expected one card log 1 of ${wanted.lessons} on card ${o.card_id}, found [${recharges.join(',')}]`,
        );
    }
    byOrder.delete(o.order_no);
  }
  // Credits naming an order no pay_order row holds.
  for (const [orderNo, entries] of byOrder) {
    for (const e of entries)
      problems.push(`coin_log ${e.id}: credits order ${orderNo}, which does not exist`);
  }
  return problems;
}

// ---- the scheduled audit (issue 32 §6) ----------------------------------------------------------------

const HOUR_MS = 3_600_000;
/** Violations kept with the last result (the log line carries more). */
const SUMMARY_LINES = 10;
const LOGGED_LINES = 100;

/** The last scheduled audit, as operators see it (`ops ledger status`, GET /health?details=1). */
export type LedgerAuditResult = {
  /** When it ran (ISO). */
  at: string;
  ok: boolean;
  violations: number;
  /** The first violations, one line each. */
  summary: string[];
};

/** The hour an instant falls in, fixed-width so that text order is time order (app_setting.value is text). */
function hourSlot(now: number): string {
  return String(Math.floor(now / HOUR_MS)).padStart(12, '0');
}

/**
 * The hourly ledger audit, once across every instance (DESIGN.md §2: all instances run every job):
 * the first instance to move the `ledger_audit_slot` setting to the current clock hour runs it, the
 * others find the hour taken (a conditional update, so the database picks one). Violations are
 * logged at error level, so drift is seen the hour it happens; the result is kept for operators.
 */
export async function runScheduledLedgerAudit(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}): Promise<{ audited: number; violations: number }> {
  const { db, clock, log } = deps;
  const now = clock.now();
  if (!(await appSettingRepository.advance(db, SETTING_KEYS.ledgerAuditSlot, hourSlot(now), now))) {
    return { audited: 0, violations: 0 };
  }
  const problems = await ledgerViolations(db);
  const result: LedgerAuditResult = {
    at: new Date(now).toISOString(),
    ok: problems.length === 0,
    violations: problems.length,
    summary: problems.slice(0, SUMMARY_LINES).map((p) => p.slice(0, 200)),
  };
  await appSettingRepository.upsert(db, SETTING_KEYS.ledgerAuditLast, JSON.stringify(result), now);
  if (problems.length > 0) {
    log.error(
      { job: 'ledger.audit', violations: problems.length, details: problems.slice(0, LOGGED_LINES) },
      `ledger audit: ${problems.length} violation(s)`,
    );
  }
  return { audited: 1, violations: problems.length };
}

/** The last scheduled audit's result, or null before the first one. */
export async function lastLedgerAudit(db: Db): Promise<LedgerAuditResult | null> {
  const stored = await appSettingRepository.find(db, SETTING_KEYS.ledgerAuditLast);
  if (stored === undefined) return null;
  try {
    return JSON.parse(stored) as LedgerAuditResult;
  } catch {
    return null;
  }
}
