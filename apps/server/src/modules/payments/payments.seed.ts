import type { Insertable } from 'kysely';
import type { PayAction } from '@app/contract/payments';
import { chinaDayStart } from '../../clock.ts';
import { appSettingRepository } from '../../db/app-setting.repository.ts';
import type { Db, DbDialect, PayProductTable } from '../../db/database.ts';
import { lockKeys } from '../../db/locks.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { SeedClock, SeedRun } from '../../db/seed/seed-run.ts';
import {
  ORDER_AWAITING,
  ORDER_PAID,
  paymentsRepository,
  type OrderRow,
  type ProductRow,
} from './payments.repository.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * The default catalogue (docs/decisions.md, issue 14): a school needs packages to sell from its first
 * start, on any database, demo or not. It is inserted when the database holds no package at all, so
 * the operations CLI owns the catalogue afterwards (it deactivates packages: a package that was ever
 * ordered cannot be deleted, so the table never becomes empty again). One coin is one yuan; larger
 * coin packages carry bonus coins (coin log 800); card packages of both types.
 */
export function defaultProducts(now: number): Insertable<PayProductTable>[] {
  const coin = (sort: number, priceYuan: number, coins: number, bonus: number) => ({
    kind: 'coin' as const,
    title_zh: `${coins} 学币`,
    title_en: `${coins} study coins`,
    price_fen: priceYuan * 100,
    coins,
    bonus_coins: bonus,
    card_type: null,
    lessons: 0,
    validity_days: 0,
    active: 1,
    sort,
    created_at: now,
  });
  const card = (sort: number, type: 100 | 200, lessons: number, days: number, priceYuan: number) => ({
    kind: 'card' as const,
    title_zh: `${type === 100 ? '专属老师卡' : '菲律宾老师卡'} ${lessons} 课时`,
    title_en: `${type === 100 ? 'Exclusive-teacher card' : 'Filipino-teacher card'}, ${lessons} lessons`,
    price_fen: priceYuan * 100,
    coins: 0,
    bonus_coins: 0,
    card_type: type,
    lessons,
    validity_days: days,
    active: 1,
    sort,
    created_at: now,
  });
  // Every row names every column: SQLite has no DEFAULT in a multi-row VALUES list.
  return [
    coin(10, 100, 100, 0),
    coin(20, 300, 300, 15),
    coin(30, 600, 600, 50),
    coin(40, 1200, 1200, 150),
    coin(50, 3000, 3000, 500),
    card(110, 200, 10, 90, 800),
    card(120, 200, 30, 180, 2200),
    card(130, 100, 10, 90, 1500),
    card(140, 100, 30, 180, 4200),
  ];
}

/** Inserts the default catalogue into a database without any package; whether it did. Safe on every instance at once. */
export async function ensureDefaultProducts(db: Db, dialect: DbDialect, now: number): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    // Instances starting together: one inserts, the others then see its rows (SQLite has one writer).
    await lockKeys(trx, dialect, ['pay_product:default-catalogue']);
    const any = await trx.selectFrom('pay_product').select('id').limit(1).executeTakeFirst();
    if (any) return false;
    await trx.insertInto('pay_product').values(defaultProducts(now)).execute();
    return true;
  });
}

// ---- the demo student's orders (DESIGN.md §10 "orders in each state") ------------------------------

/** app_setting marker: the demo student's closed orders are seeded (once per database). */
export const DEMO_ORDERS_SETTING = 'demo_orders_seeded';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** ORDER_TTL_MINUTES' default (config.ts): the lifetime of the orders paid with the demo wallet. */
export const DEMO_PURCHASE_TTL_MINUTES = 15;

/**
 * The origin written into a seeded order's payment links. Only an awaiting order shows its link;
 * the awaiting demo order of each start gets the installation's PUBLIC_URL instead.
 */
const SEED_ORIGIN = 'http://localhost';

type SeedPayments = Pick<PaymentsService, 'createOrder' | 'cashierPay'>;

/** The active package of `kind` that `score` ranks lowest (the catalogue may have been changed). */
async function pickProduct(
  db: Db,
  kind: 'coin' | 'card',
  score: (p: ProductRow) => number,
): Promise<ProductRow> {
  const products = await paymentsRepository.listProducts(db, kind);
  const best = products.sort((a, b) => score(a) - score(b) || a.sort - b.sort)[0];
  if (!best) throw new Error(`The demo seed needs an active ${kind} package`);
  return best;
}

/** The cashier link token of a sandbox order's payment action (what the student's browser opens). */
function cashierTokenOf(pay: PayAction): string {
  const link = 'qr_code' in pay ? pay.qr_code : pay.redirect_url;
  const token = new URL(link).searchParams.get('t');
  if (!token) throw new Error(`No cashier token in ${link}`);
  return token;
}

/** Orders a package as the student and, two minutes later, pays it at the sandbox cashier. */
async function buyAtCashier(
  payments: SeedPayments,
  clock: SeedClock,
  order: { studentId: number; productId: number; payMethod: 'wechat' | 'alipay'; teacherId?: number },
): Promise<OrderRow> {
  const created = await payments.createOrder({
    ...order,
    client: 'desktop',
    clientIp: '127.0.0.1',
    origin: SEED_ORIGIN,
  });
  clock.set(clock.now() + 2 * MINUTE);
  const paid = await payments.cashierPay(created.order_no, cashierTokenOf(created.pay));
  if (paid?.status !== ORDER_PAID) throw new Error(`Demo order ${created.order_no} was not paid`);
  return paid;
}

/**
 * The demo student's purchases at the clock's time (courses.seed.ts calls it for the wallet the
 * classes are booked from): a coin package with bonus coins (coin logs 300 + 800) and an
 * exclusive-teacher card bound to `teacherId` (card log 1), each ordered and paid at the sandbox
 * cashier. The default catalogue is added first when the database has none (the payments plugin,
 * which also does so, starts after the seed). Returns the card's id.
 */
export async function seedDemoPurchases(
  { db, dialect, services, clock }: SeedRun,
  { studentId, teacherId }: { studentId: number; teacherId: number },
): Promise<{ cardId: number }> {
  await ensureDefaultProducts(db, dialect, clock.now());
  const { payments } = services;
  // About 1,200 coins with a bonus; an exclusive card of about ten lessons.
  const coinPackage = await pickProduct(
    db,
    'coin',
    (p) => (p.bonus_coins > 0 ? 0 : 1e9) + Math.abs(p.coins - 1200),
  );
  const cardPackage = await pickProduct(
    db,
    'card',
    (p) => (p.card_type === 100 ? 0 : 1e9) + Math.abs(p.lessons - 10),
  );
  if (cardPackage.card_type !== 100) throw new Error('The demo seed needs an exclusive-teacher card package');
  await buyAtCashier(payments, clock, { studentId, productId: coinPackage.id, payMethod: 'wechat' });
  clock.set(clock.now() + 10 * MINUTE);
  const card = await buyAtCashier(payments, clock, {
    studentId,
    productId: cardPackage.id,
    payMethod: 'alipay',
    teacherId,
  });
  if (card.card_id === null) throw new Error(`Demo card order ${card.order_no} has no card`);
  return { cardId: card.card_id };
}

/**
 * The demo student's orders that are not paid (DESIGN.md §10; the paid ones come with the wallet,
 * `seedDemoPurchases`). Once per database (DEMO_ORDERS_SETTING): an order the student closed
 * (POST /pay/closeOrder) 30 days ago and one that expired unpaid 12 days ago (evenings, Beijing time) (closed by the expiry
 * job's own service call). On every start, when the sandbox is the payment driver and the student
 * has no order awaiting payment: a fresh awaiting one, so a demo visitor finds one to continue
 * paying or close; it expires ORDER_TTL_MINUTES later like any order (one closed order per start
 * is the trace it leaves). Its link points at PUBLIC_URL (the local address unless configured).
 */
export async function seedDemoOrders(
  { db, dialect, services, clock }: SeedRun,
  options: { studentId: number; now: number; orderTtlMinutes: number; sandbox: boolean; origin: string },
): Promise<void> {
  const { studentId, now, orderTtlMinutes } = options;
  await ensureDefaultProducts(db, dialect, now);
  clock.set(now);
  const { payments } = services;
  const smallest = await pickProduct(db, 'coin', (p) => p.price_fen);

  if (await appSettingRepository.insertIfAbsent(db, DEMO_ORDERS_SETTING, String(now), now)) {
    const card = await pickProduct(db, 'card', (p) => (p.card_type === 200 ? 0 : 1e9) + p.price_fen);
    // In the evening, Beijing time, as a student would.
    const beijingToday = chinaDayStart(now);
    clock.set(beijingToday - 30 * DAY + 20 * HOUR);
    const cancelled = await payments.createOrder({
      studentId,
      productId: card.id,
      payMethod: 'alipay',
      client: 'desktop',
      clientIp: '127.0.0.1',
      origin: SEED_ORIGIN,
    });
    clock.set(clock.now() + 3 * MINUTE);
    await payments.closeOrder(studentId, cancelled.order_no);

    clock.set(beijingToday - 12 * DAY + 21 * HOUR);
    await payments.createOrder({
      studentId,
      productId: smallest.id,
      payMethod: 'wechat',
      client: 'mobile',
      clientIp: '127.0.0.1',
      origin: SEED_ORIGIN,
    });
    clock.set(clock.now() + (orderTtlMinutes + 1) * MINUTE);
    await payments.closeExpiredOrders();
  }

  if (!options.sandbox) return;
  const awaiting = await payments.getOrderList(studentId, { current: 1, size: 1, status: ORDER_AWAITING });
  if (awaiting.total > 0) return;
  clock.set(now);
  await payments.createOrder({
    studentId,
    productId: smallest.id,
    payMethod: 'wechat',
    client: 'desktop',
    clientIp: '127.0.0.1',
    origin: options.origin,
  });
}
