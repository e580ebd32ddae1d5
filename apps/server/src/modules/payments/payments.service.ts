import { randomInt } from 'node:crypto';
import { API_BASE } from '@app/contract/constants';
import { CODES } from '@app/contract/codes';
import type { Page } from '@app/contract/paging';
import {
  MAX_OPEN_ORDERS,
  payReturnPath,
  type CreatedOrder,
  type Order,
  type OrderListQuery,
  type PayAction,
  type Product,
  type ProductKind,
  type ProductList,
} from '@app/contract/payments';
import type { Clock } from '../../clock.ts';
import type { Db, DbDialect } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { mapPage } from '../../db/paging.ts';
import type { Idempotency } from '../../db/idempotency.ts';
import { lockKeys } from '../../db/locks.ts';
import { iso } from '../../db/time.ts';
import { withTransaction, type Trx } from '../../db/transaction.ts';
import { AppError, isAppError } from '../../http/app-error.ts';
import { forEachAtMost, nextTryAt, type Backoff } from '../../jobs/batches.ts';
import type { PaymentProviders } from '../../providers/payment/payment.config.ts';
import type {
  NotificationReply,
  PayClient,
  PaymentDriver,
  PaymentProvider,
  PayMethod,
  RawNotification,
  VerifiedPayment,
} from '../../providers/payment/payment-provider.ts';
import { isSandboxProvider, type SandboxPaymentProvider } from '../../providers/payment/sandbox.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { createRejectionCounter } from './notification-rejections.ts';
import {
  ORDER_AWAITING,
  ORDER_CLOSED,
  ORDER_PAID,
  paymentsRepository as repo,
  type OrderRow,
  type OrderWithTeacher,
  type ProductRow,
} from './payments.repository.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Orders are reconciled at the provider until this long after creation (the providers' retry window). */
export const RECONCILE_WINDOW_MS = 25 * HOUR_MS;
/**
 * Reconciliation (issue 32 §3; the line of src/jobs/batches.ts): each run asks the providers about
 * up to RECONCILE_BATCH orders, least recently asked first, RECONCILE_CONCURRENCY at a time. An order
 * asked about is asked again 5 min later, then 10, 20, … at most every 4 h, until the provider's
 * answer is final or the retry window ends: 1,000 abandoned orders never hide a paid one for more
 * than one run.
 */
const RECONCILE_BATCH = 1000;
const RECONCILE_CONCURRENCY = 8;
export const RECONCILE_BACKOFF: Backoff = { firstMs: 5 * MINUTE_MS, maxMs: 4 * HOUR_MS };
/**
 * A provider that does not know an order this long after its expiry never will: the student never
 * opened its cashier, and the payment was opened with the order's expiry (time_expire). The margin
 * covers the clocks of both sides.
 */
const UNKNOWN_SETTLES_AFTER_EXPIRY_MS = 5 * MINUTE_MS;
/** The expiry job closes at most EXPIRY_BATCH × EXPIRY_MAX_BATCHES orders a run, the longest expired first. */
const EXPIRY_BATCH = 500;
const EXPIRY_MAX_BATCHES = 20;

/** What the paid transition made of a payment (also the `outcome` of its payment_event). */
export type PaymentOutcome = 'credited' | 'credited_after_close' | 'duplicate' | 'rejected';
type EventSource = 'notify' | 'reconcile' | 'cashier';

/** Only the active teacher check is needed of the teachers area (an exclusive card's teacher). */
export type TeacherLookup = { isActiveTeacher(teacherId: number): Promise<boolean> };

export type PaymentsLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
};

export type PaymentsServiceDeps = {
  db: Db;
  dialect: DbDialect;
  clock: Clock;
  settings: { orderTtlMinutes: number };
  providers: PaymentProviders;
  wallet: WalletService;
  teachers: TeacherLookup;
  /** Shared with other calls that accept an Idempotency-Key. */
  idempotency: Idempotency;
  log?: PaymentsLogger;
};

export type CreateOrderInput = {
  studentId: number;
  productId: number;
  payMethod: PayMethod;
  teacherId?: number;
  client: PayClient;
  clientIp: string;
  /** scheme://host[:port] the provider's notifications and the student's browser come back to. */
  origin: string;
  idempotencyKey?: string;
  requestHash?: string;
};

/** The product as an order keeps it (what is credited, whatever the catalogue becomes). */
type ProductSnapshot = Omit<Product, 'kind'>;

/**
 * Where the student pays, from the User-Agent: WeChat's in-app browser (MicroMessenger), a phone
 * browser, or a desktop one (DESIGN.md §6 createOrder: native QR / page pay on desktop, H5 / wap pay
 * on phones).
 */
export function payClientOf(userAgent: string | undefined): PayClient {
  const ua = userAgent ?? '';
  if (/MicroMessenger/i.test(ua)) return 'wechat-browser';
  if (/Mobi|Android|iPhone|iPad|iPod|HarmonyOS|OpenHarmony/i.test(ua)) return 'mobile';
  return 'desktop';
}

/** 24 digits: the Beijing time of creation and 10 random digits (unique in practice; the column is unique). */
export function newOrderNo(now: number): string {
  const stamp = new Date(now + 8 * HOUR_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  const random = String(randomInt(0, 1e10)).padStart(10, '0');
  return `${stamp}${random}`;
}

const tooManyOpenOrders = () =>
  new AppError(CODES.CONFLICT, 'pay.tooManyOpenOrders', { max: MAX_OPEN_ORDERS });

function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    kind: row.kind,
    title_zh: row.title_zh,
    title_en: row.title_en,
    price_fen: row.price_fen,
    coins: row.coins,
    bonus_coins: row.bonus_coins,
    card_type: row.card_type,
    lessons: row.lessons,
    validity_days: row.validity_days,
  };
}

function snapshotOf(row: Pick<OrderRow, 'product'>): ProductSnapshot {
  return JSON.parse(row.product) as ProductSnapshot;
}

function toOrder(row: OrderWithTeacher): Order {
  const status = row.status as Order['status'];
  return {
    order_no: row.order_no,
    kind: row.kind,
    status,
    product: snapshotOf(row),
    teacher:
      row.teacher_id === null
        ? null
        : { id: row.teacher_id, name: row.teacher_name ?? '', avatar: row.teacher_avatar ?? '' },
    amount_fen: row.amount_fen,
    pay_method: row.pay_method,
    created_at: iso(Number(row.created_at)),
    expires_at: iso(Number(row.expires_at)),
    paid_at: row.paid_at === null ? null : iso(Number(row.paid_at)),
    closed_at: row.closed_at === null ? null : iso(Number(row.closed_at)),
    card_id: row.card_id,
    pay: status === ORDER_AWAITING ? (JSON.parse(row.pay_action) as PayAction) : null,
  };
}

/**
 * Recharge and payment (DESIGN.md §7 "Orders and payment", PROVIDERS.md). Money received is credited
 * exactly once and nothing else credits: the only way to the wallet is `applyPayment`, reached by a
 * notification that passed its provider's verification, by the reconciliation's query of the
 * provider, or by the sandbox cashier's own signed notification. The paid transition is one
 * transaction: a conditional update (`status 0 → 200`, or `500 → 200` flagged: the money was taken
 * after the order closed, so it is credited and left for review) that also sets the provider's
 * transaction id, whose unique constraint makes a second credit impossible, and the credit through
 * the wallet (coin log 300 + 800, or a new card with card log 1). Duplicates, out-of-order closes
 * and replays change nothing; every notification is logged in payment_event.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, dialect, clock, settings, providers, wallet, teachers } = deps;
  const { idempotency } = deps;
  const log = deps.log;
  const refused = createRejectionCounter({ clock, log });
  const byDriver = new Map<PaymentDriver, PaymentProvider>();
  for (const provider of providers.values()) byDriver.set(provider.driver, provider);
  const sandbox = [...byDriver.values()].find(isSandboxProvider);

  async function logEvent(
    dbOrTrx: Db,
    event: {
      provider: string;
      orderNo: string | null;
      source: EventSource;
      outcome: PaymentOutcome | 'ignored';
      reason?: string;
      payment?: VerifiedPayment;
    },
  ): Promise<void> {
    await repo.insertEvent(dbOrTrx, {
      provider: event.provider,
      order_no: event.orderNo?.slice(0, 64) ?? null,
      source: event.source,
      outcome: event.outcome,
      reason: (event.reason ?? '').slice(0, 500),
      transaction_id: event.payment?.transactionId.slice(0, 128) ?? null,
      amount_fen:
        event.payment && Number.isSafeInteger(event.payment.amountFen) ? event.payment.amountFen : null,
      at: clock.now(),
    });
    if (event.outcome === 'rejected' || event.outcome === 'credited_after_close') {
      log?.warn(
        { ...event, payment: undefined, transactionId: event.payment?.transactionId },
        'payment event for review',
      );
    }
  }

  /** Credits what the paid order bought, in the paid transition's transaction. */
  async function credit(
    trx: Trx,
    order: { order_no: string; student_id: number; kind: string; product: string; teacher_id: number | null },
  ): Promise<void> {
    const product = snapshotOf(order);
    const studentId = order.student_id;
    if (order.kind === 'coin') {
      await wallet.creditCoins(trx, 300, { studentId, amount: product.coins, orderNo: order.order_no });
      if (product.bonus_coins > 0) {
        await wallet.creditCoins(trx, 800, {
          studentId,
          amount: product.bonus_coins,
          orderNo: order.order_no,
        });
      }
      return;
    }
    const cardId = await wallet.issueCard(trx, {
      studentId,
      type: product.card_type === 100 ? 100 : 200,
      teacherId: product.card_type === 100 ? order.teacher_id : null,
      lessons: product.lessons,
      // The validity runs from the credit: a card bought late at night is not a day short.
      expiresAt: clock.now() + product.validity_days * DAY_MS,
      remark: order.order_no,
    });
    await repo.setCard(trx, order.order_no, cardId);
  }

  /**
   * The paid transition for a verified payment of `driver`: credited once, or refused (unknown order,
   * another provider's order, another amount) with nothing changed. Logged either way. Given `trx`
   * (the operations CLI's `order reconcile`), everything happens in it: a transaction id used by
   * another order then throws (the caller's transaction rolls back) instead of being logged.
   */
  async function applyPayment(
    driver: PaymentDriver,
    payment: VerifiedPayment,
    source: EventSource,
    trx?: Trx,
  ): Promise<PaymentOutcome> {
    const db = trx ?? deps.db;
    const event = { provider: driver, orderNo: payment.orderNo, source, payment };
    const order = await repo.findOrder(db, payment.orderNo);
    let refusal: string | undefined;
    if (!order) refusal = 'unknown order';
    else if (order.provider !== driver) refusal = `order opened with ${order.provider}`;
    else if (order.amount_fen !== payment.amountFen) {
      refusal = `amount ${payment.amountFen} fen, the order is ${order.amount_fen} fen`;
    }
    if (refusal !== undefined) {
      await logEvent(db, { ...event, outcome: 'rejected', reason: refusal });
      return 'rejected';
    }
    let outcome: PaymentOutcome;
    try {
      const transition = async (trx: Trx): Promise<PaymentOutcome> => {
        const paid = await repo.markPaid(trx, {
          orderNo: payment.orderNo,
          provider: driver,
          amountFen: payment.amountFen,
          transactionId: payment.transactionId,
          paidAt: Number.isFinite(payment.paidAt) ? payment.paidAt : clock.now(),
        });
        // Paid already (a duplicate, a replay, or the other of two concurrent notifications).
        if (!paid) return 'duplicate';
        await credit(trx, paid);
        const credited = paid.flagged === 1 ? 'credited_after_close' : 'credited';
        await logEvent(trx, {
          ...event,
          outcome: credited,
          ...(credited === 'credited_after_close' ? { reason: 'paid after the order was closed' } : {}),
        });
        return credited;
      };
      outcome = await (trx ? transition(trx) : withTransaction(db, transition));
    } catch (error) {
      // The transaction id was credited to another order: never twice.
      if (trx || !isUniqueViolation(error, dialect)) throw error;
      await logEvent(db, {
        ...event,
        outcome: 'duplicate',
        reason: 'transaction id already used by another order',
      });
      return 'duplicate';
    }
    if (outcome === 'duplicate') {
      const reason =
        order?.transaction_id === payment.transactionId
          ? 'already paid'
          : 'already paid with another transaction';
      await logEvent(db, { ...event, outcome, reason });
    }
    return outcome;
  }

  async function handleNotification(
    driver: PaymentDriver,
    notification: RawNotification,
    source: EventSource,
  ): Promise<NotificationReply> {
    const provider = byDriver.get(driver);
    if (!provider) throw AppError.notFound('error.routeNotFound');
    const outcome = await provider.verifyNotification(notification, clock.now()).catch((error: unknown) => ({
      kind: 'rejected' as const,
      reason: `verification failed: ${String(error)}`,
    }));
    if (outcome.kind === 'rejected') {
      // Not authentic (or not ours): counted and logged sampled, never a row per request.
      refused.record(driver, outcome.reason);
      return provider.notificationReply(false);
    }
    if (outcome.kind === 'ignored') {
      // Authentic but not a payment (a close, a wait): a late "closed" never undoes "paid".
      await logEvent(db, {
        provider: driver,
        orderNo: outcome.orderNo,
        source,
        outcome: 'ignored',
        reason: outcome.reason,
      });
      return provider.notificationReply(true);
    }
    const result = await applyPayment(driver, outcome.payment, source);
    return provider.notificationReply(result !== 'rejected');
  }

  async function requireOrderOf(studentId: number, orderNo: string): Promise<OrderWithTeacher> {
    const order = await repo.findOrderOf(db, studentId, orderNo);
    if (!order) throw AppError.notFound('pay.orderNotFound');
    return order;
  }

  /** The sandbox's order behind a cashier link, or undefined (a wrong token, no such order, no sandbox). */
  async function cashierOrder(
    orderNo: string,
    token: string,
  ): Promise<{ order: OrderRow; sandbox: SandboxPaymentProvider } | undefined> {
    if (!sandbox || !(await sandbox.verifyCashierToken(orderNo, token))) return undefined;
    const order = await repo.findOrder(db, orderNo);
    return order && order.provider === 'sandbox' ? { order, sandbox } : undefined;
  }

  return {
    /** The sandbox provider when PAY_DRIVER=sandbox (its cashier page is served), else undefined. */
    sandbox,

    async getProductList(kind: ProductKind | undefined): Promise<ProductList> {
      const rows = await repo.listProducts(db, kind);
      return { products: rows.map(toProduct), pay_methods: [...providers.keys()] };
    },

    /**
     * POST /pay/createOrder: an order awaiting payment for ORDER_TTL_MINUTES and how to pay it. With
     * an Idempotency-Key the order and its reply are stored together and replayed.
     */
    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      const product = await repo.findActiveProduct(db, input.productId);
      if (!product) throw new AppError(CODES.UNPROCESSABLE, 'pay.productNotFound');
      const provider = providers.get(input.payMethod);
      if (!provider) throw new AppError(CODES.UNPROCESSABLE, 'pay.methodUnavailable');
      // WeChat's in-app browser blocks Alipay's pages and alipays:// links (PROVIDERS.md).
      if (input.payMethod === 'alipay' && input.client === 'wechat-browser') {
        throw new AppError(CODES.UNPROCESSABLE, 'pay.alipayInWechat');
      }
      const exclusive = product.kind === 'card' && product.card_type === 100;
      if (exclusive && input.teacherId === undefined)
        throw new AppError(CODES.UNPROCESSABLE, 'pay.teacherRequired');
      if (!exclusive && input.teacherId !== undefined) {
        throw new AppError(CODES.UNPROCESSABLE, 'pay.teacherNotAllowed');
      }
      if (input.teacherId !== undefined && !(await teachers.isActiveTeacher(input.teacherId))) {
        throw new AppError(CODES.UNPROCESSABLE, 'pay.teacherNotFound');
      }

      const now = clock.now();
      // Refused before the provider opens a payment for nothing; the decision that holds under
      // concurrency is the one in the order's transaction below. Not with an Idempotency-Key: its
      // retry must get the stored reply, and the order it created counts among the open ones.
      if (
        input.idempotencyKey === undefined &&
        (await repo.countOpen(db, input.studentId, now)) >= MAX_OPEN_ORDERS
      ) {
        throw tooManyOpenOrders();
      }
      const orderNo = newOrderNo(now);
      const expiresAt = now + settings.orderTtlMinutes * MINUTE_MS;
      // Asked before any transaction: a real provider's call takes a network round trip, and on
      // SQLite an open transaction holds every writer. A payment opened for a request that then
      // fails (or replays a stored reply) is never shown to anyone and expires at the provider.
      let pay: PayAction;
      try {
        pay = await provider.createPayment({
          orderNo,
          amountFen: product.price_fen,
          subject: product.title_zh,
          method: input.payMethod,
          client: input.client,
          expiresAt,
          notifyUrl: `${input.origin}${API_BASE}/pay/notify/${provider.driver}`,
          returnUrl: `${input.origin}${payReturnPath(orderNo)}`,
          clientIp: input.clientIp,
        });
      } catch (error) {
        if (isAppError(error)) throw error;
        log?.warn({ err: error, driver: provider.driver }, 'payment provider refused to open a payment');
        throw new AppError(CODES.UNAVAILABLE, 'pay.providerUnavailable');
      }
      const { kind: _kind, ...snapshot } = toProduct(product);
      const request =
        input.idempotencyKey === undefined
          ? undefined
          : {
              studentId: input.studentId,
              scope: 'pay.createOrder',
              key: input.idempotencyKey,
              requestHash: input.requestHash ?? '',
            };
      return idempotency.run(request, async (trx) => {
        // At most MAX_OPEN_ORDERS open orders (issue 32 §4), decided in the database: the student's
        // key serializes their order transactions on PostgreSQL (SQLite runs one writer at a time),
        // and the count is read after the insert, in the same transaction, so a sixth rolls back.
        await lockKeys(trx, dialect, [`pay.open-orders:${input.studentId}`]);
        await repo.insertOrder(trx, {
          order_no: orderNo,
          student_id: input.studentId,
          product_id: product.id,
          product: JSON.stringify(snapshot satisfies ProductSnapshot),
          kind: product.kind,
          amount_fen: product.price_fen,
          pay_method: input.payMethod,
          provider: provider.driver,
          pay_action: JSON.stringify(pay),
          status: ORDER_AWAITING,
          teacher_id: input.teacherId ?? null,
          created_at: now,
          expires_at: expiresAt,
          paid_at: null,
          closed_at: null,
          transaction_id: null,
          card_id: null,
        });
        if ((await repo.countOpen(trx, input.studentId, now)) > MAX_OPEN_ORDERS) throw tooManyOpenOrders();
        return { order_no: orderNo, amount_fen: product.price_fen, expires_at: iso(expiresAt), pay };
      });
    },

    async getOrderList(studentId: number, query: OrderListQuery): Promise<Page<Order>> {
      return mapPage(await repo.orderPage(db, studentId, query.status, query), toOrder);
    },

    /** Another student's order is a 404, like one that does not exist (DESIGN.md §7). */
    async getOrderInfo(studentId: number, orderNo: string): Promise<Order> {
      return toOrder(await requireOrderOf(studentId, orderNo));
    },

    /**
     * POST /pay/closeOrder: an awaiting order closes (a conditional update); closing a closed one
     * again is harmless; a paid one stays paid (409). The provider is told as well, best effort: a
     * payment that still arrives is credited (and flagged).
     */
    async closeOrder(studentId: number, orderNo: string): Promise<Order> {
      const closed = await repo.closeAwaiting(db, studentId, orderNo, clock.now());
      const order = await requireOrderOf(studentId, orderNo);
      if (!closed && order.status === ORDER_PAID) throw AppError.conflict('pay.orderAlreadyPaid');
      if (closed) {
        await byDriver
          .get(order.provider)
          ?.closePayment(orderNo)
          .catch((error: unknown) =>
            log?.warn({ err: error, orderNo }, 'closing the payment at the provider failed'),
          );
      }
      return toOrder(order);
    },

    handleNotification(driver: PaymentDriver, notification: RawNotification): Promise<NotificationReply> {
      return handleNotification(driver, notification, 'notify');
    },

    applyPayment,

    /**
     * Job payments.close-expired-orders: awaiting orders past their expiry close (conditional;
     * idempotent), the longest expired first, in bounded batches. Closing does not end
     * reconciliation: a payment made before the provider's own expiry is still found and credited.
     */
    async closeExpiredOrders(): Promise<{ closed: number }> {
      const now = clock.now();
      let closed = 0;
      for (let batch = 0; batch < EXPIRY_MAX_BATCHES; batch++) {
        const n = await repo.closeExpired(db, now, EXPIRY_BATCH);
        closed += n;
        if (n < EXPIRY_BATCH) break;
      }
      return { closed };
    },

    /** Notifications refused by verification per provider since this instance started (not stored). */
    refusedNotifications: () => refused.counts(),

    /**
     * Job payments.reconcile: orders not paid (awaiting, or closed: a payment may still have been
     * made) and younger than 25 h (the providers' retry window) are queried at their provider, least
     * recently asked first, each again after a growing delay (RECONCILE_BACKOFF), until the answer is
     * final: paid (credited through the same paid transition as a notification, once; flagged when
     * the order had closed), closed, or unknown after the order's expiry. A lost notification is
     * found however many abandoned orders came before it.
     */
    async reconcile(): Promise<{ checked: number; credited: number; settled: number; failed: number }> {
      const now = clock.now();
      const since = now - RECONCILE_WINDOW_MS;
      await repo.retireChecks(db, now, since);
      const claimed = await repo.claimChecks(db, {
        now,
        since,
        limit: RECONCILE_BATCH,
        windowMs: RECONCILE_WINDOW_MS,
        nextAt: (attempts) => nextTryAt(RECONCILE_BACKOFF, attempts, now) ?? now + RECONCILE_WINDOW_MS,
      });
      let credited = 0;
      let settled = 0;
      let failed = 0;
      await forEachAtMost(claimed, RECONCILE_CONCURRENCY, async (row) => {
        const provider = byDriver.get(row.provider);
        // A driver no longer configured: asked again when it is (the claim moved the next query on).
        if (!provider) return;
        try {
          const found = await provider.queryPayment(row.order_no);
          if (found.status === 'paid') {
            if (found.payment.orderNo !== row.order_no)
              throw new Error('the provider answered for another order');
            const outcome = await applyPayment(provider.driver, found.payment, 'reconcile');
            if (outcome === 'credited' || outcome === 'credited_after_close') credited++;
          } else {
            const final =
              found.status === 'closed' ||
              (found.status === 'unknown' && now >= Number(row.expires_at) + UNKNOWN_SETTLES_AFTER_EXPIRY_MS);
            if (!final) return;
          }
          // Paid (credited, a duplicate, or refused and logged for review), closed, or unknown for good.
          await repo.settleCheck(db, row.order_no);
          settled++;
        } catch (error) {
          failed++;
          log?.warn({ err: error, orderNo: row.order_no }, 'reconciliation query failed');
        }
      });
      return { checked: claimed.length, credited, settled, failed };
    },

    // ---- the sandbox cashier (PAY_DRIVER=sandbox) ------------------------------------------------

    cashierOrder,

    /**
     * The student pressed Pay at the sandbox cashier: the sandbox records the payment and its signed
     * notification goes through `handleNotification`, the path every provider's notification takes
     * (signature, time and app id checked, then the paid transition). Only while the order awaits
     * payment, as a provider's cashier refuses a closed order. The order after it, or undefined.
     */
    async cashierPay(orderNo: string, token: string): Promise<OrderRow | undefined> {
      const found = await cashierOrder(orderNo, token);
      if (!found) return undefined;
      if (found.order.status === ORDER_AWAITING) {
        const notification = await found.sandbox.pay(
          { orderNo, amountFen: found.order.amount_fen },
          clock.now(),
        );
        await handleNotification('sandbox', notification, 'cashier');
      }
      return repo.findOrder(db, orderNo);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export { ORDER_AWAITING, ORDER_CLOSED, ORDER_PAID };
