import type { Insertable, Selectable } from 'kysely';
import type { PageQuery } from '@app/contract/paging';
import type { ProductKind } from '@app/contract/payments';
import type { Db, PaymentEventTable, PayOrderTable, PayProductTable } from '../../db/database.ts';
import { countRows, pageOf } from '../../db/paging.ts';

/**
 * SQL of recharge and payment (modules/payments only). Every method takes `db` or a transaction. The
 * state changes of an order are conditional updates (`status = 0 → 200`, `0 → 500`): the caller reads
 * the affected rows, so two requests, jobs or notifications racing for one order never both win.
 */

export type ProductRow = Selectable<PayProductTable>;
export type OrderRow = Selectable<PayOrderTable>;
export type OrderWithTeacher = OrderRow & { teacher_name: string | null; teacher_avatar: string | null };

export const ORDER_AWAITING = 0;
export const ORDER_PAID = 200;
export const ORDER_CLOSED = 500;

/** Orders with their bound teacher (an exclusive card's), if any. */
function ordersWithTeacher(db: Db) {
  return db
    .selectFrom('pay_order as o')
    .leftJoin('teacher as t', 't.id', 'o.teacher_id')
    .selectAll('o')
    .select(['t.name as teacher_name', 't.avatar as teacher_avatar']);
}

export const paymentsRepository = {
  listProducts(db: Db, kind: ProductKind | undefined): Promise<ProductRow[]> {
    let query = db.selectFrom('pay_product').selectAll().where('active', '=', 1);
    if (kind) query = query.where('kind', '=', kind);
    return query.orderBy('sort').orderBy('id').execute();
  },

  findActiveProduct(db: Db, id: number): Promise<ProductRow | undefined> {
    return db
      .selectFrom('pay_product')
      .selectAll()
      .where('id', '=', id)
      .where('active', '=', 1)
      .executeTakeFirst();
  },

  async insertOrder(db: Db, row: Insertable<PayOrderTable>): Promise<void> {
    await db.insertInto('pay_order').values(row).execute();
  },

  findOrder(db: Db, orderNo: string): Promise<OrderRow | undefined> {
    return db.selectFrom('pay_order').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  },

  /** The student's order with its bound teacher (owner-scoped: another student's reads as missing). */
  findOrderOf(db: Db, studentId: number, orderNo: string): Promise<OrderWithTeacher | undefined> {
    return ordersWithTeacher(db)
      .where('o.order_no', '=', orderNo)
      .where('o.student_id', '=', studentId)
      .executeTakeFirst();
  },

  /** A page of a student's orders (of one status when asked), newest first. */
  orderPage(db: Db, studentId: number, status: number | undefined, page: PageQuery) {
    const orders = ordersWithTeacher(db)
      .where('o.student_id', '=', studentId)
      .$if(status !== undefined, (q) => q.where('o.status', '=', status!));
    // Counted on pay_order alone: the teacher is a left join, which never adds or drops an order.
    const count = () =>
      countRows(
        db
          .selectFrom('pay_order')
          .where('student_id', '=', studentId)
          .$if(status !== undefined, (q) => q.where('status', '=', status!)),
      );
    return pageOf(orders.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc'), page, count);
  },

  /**
   * The paid transition: an awaiting order (or a closed one: the money was taken, so it is credited
   * and flagged) of this provider and amount becomes paid with the provider's transaction id. The
   * row it changed, or undefined when none matched (already paid, unknown, another provider or
   * amount). A transaction id already used by another order violates the unique constraint.
   */
  markPaid(
    db: Db,
    p: {
      orderNo: string;
      provider: PayOrderTable['provider'];
      amountFen: number;
      transactionId: string;
      paidAt: number;
    },
  ) {
    return db
      .updateTable('pay_order')
      .set((eb) => ({
        status: ORDER_PAID,
        transaction_id: p.transactionId,
        paid_at: p.paidAt,
        flagged: eb.case().when('status', '=', ORDER_CLOSED).then(1).else(0).end(),
        // Settled: reconciliation never asks about it again.
        check_next_at: null,
      }))
      .where('order_no', '=', p.orderNo)
      .where('provider', '=', p.provider)
      .where('amount_fen', '=', p.amountFen)
      .where('status', 'in', [ORDER_AWAITING, ORDER_CLOSED])
      .returning(['order_no', 'student_id', 'kind', 'product', 'teacher_id', 'flagged'])
      .executeTakeFirst();
  },

  async setCard(db: Db, orderNo: string, cardId: number): Promise<void> {
    await db.updateTable('pay_order').set({ card_id: cardId }).where('order_no', '=', orderNo).execute();
  },

  /** Closes the student's order if it still awaits payment; whether it did. */
  async closeAwaiting(db: Db, studentId: number, orderNo: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('pay_order')
      .set({ status: ORDER_CLOSED, closed_at: now })
      .where('order_no', '=', orderNo)
      .where('student_id', '=', studentId)
      .where('status', '=', ORDER_AWAITING)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /**
   * Closes up to `limit` orders awaiting payment past their expiry, the longest expired first (a
   * closed order never comes back, so every call makes progress); how many.
   */
  async closeExpired(db: Db, now: number, limit: number): Promise<number> {
    const result = await db
      .updateTable('pay_order')
      .set({ status: ORDER_CLOSED, closed_at: now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('pay_order')
          .select('id')
          .where('status', '=', ORDER_AWAITING)
          .where('expires_at', '<=', now)
          .orderBy('expires_at')
          .orderBy('id')
          .limit(limit),
      )
      // Checked again on the row itself: a payment or a close that won meanwhile stands.
      .where('status', '=', ORDER_AWAITING)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** The student's orders awaiting payment and not expired: the open orders (at most MAX_OPEN_ORDERS). */
  async countOpen(db: Db, studentId: number, now: number): Promise<number> {
    const row = await db
      .selectFrom('pay_order')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('student_id', '=', studentId)
      .where('status', '=', ORDER_AWAITING)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  // ---- reconciliation's line (src/jobs/batches.ts) -----------------------------------------------

  /**
   * Settles the checks of unpaid orders created at or before `since` (out of the providers' retry
   * window) that came due while no run took them; how many. Only due rows are read (the index of
   * `check_next_at` holds unsettled orders only).
   */
  async retireChecks(db: Db, now: number, since: number): Promise<number> {
    const result = await db
      .updateTable('pay_order')
      .set({ check_next_at: null })
      .where('check_next_at', 'is not', null)
      .where('check_next_at', '<=', now)
      .where('created_at', '<=', since)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /**
   * Claims up to `limit` orders due for a query at their provider, least recently asked first
   * (never asked first): each claimed order's count of queries goes up by one and its next query
   * moves to `nextAt(count)` (null: after the retry window, settled), by a conditional update that
   * another run claiming at the same moment cannot also win. The claimed orders.
   */
  async claimChecks(
    db: Db,
    p: { now: number; since: number; limit: number; windowMs: number; nextAt: (attempts: number) => number },
  ) {
    const due = await db
      .selectFrom('pay_order')
      .select(['id', 'check_attempts', 'created_at'])
      .where('check_next_at', 'is not', null)
      .where('check_next_at', '<=', p.now)
      .where('created_at', '>', p.since)
      .where('status', 'in', [ORDER_AWAITING, ORDER_CLOSED])
      .orderBy('check_next_at')
      .orderBy('id')
      .limit(p.limit)
      .execute();
    // One statement per number of tries (a handful), each claiming its rows only if still due. A
    // next query that would fall after the order's retry window is none: this one is the last.
    const groups = new Map<string, { attempts: number; next: number | null; ids: number[] }>();
    for (const row of due) {
      const attempts = row.check_attempts + 1;
      const wanted = p.nextAt(attempts);
      const next = wanted > Number(row.created_at) + p.windowMs ? null : wanted;
      const key = `${row.check_attempts}:${next}`;
      const group = groups.get(key) ?? { attempts, next, ids: [] };
      group.ids.push(row.id);
      groups.set(key, group);
    }
    const claimed = [];
    for (const group of groups.values()) {
      claimed.push(
        ...(await db
          .updateTable('pay_order')
          .set({ check_attempts: group.attempts, check_next_at: group.next })
          .where('id', 'in', group.ids)
          .where('check_attempts', '=', group.attempts - 1)
          .where('check_next_at', '<=', p.now)
          .where('status', 'in', [ORDER_AWAITING, ORDER_CLOSED])
          .returning(['id', 'order_no', 'provider', 'expires_at', 'check_attempts'])
          .execute()),
      );
    }
    const position = new Map(due.map((row, i) => [row.id, i]));
    return claimed.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  },

  /** The provider's answer is final (paid and applied, closed, or unknown after expiry): never asked again. */
  async settleCheck(db: Db, orderNo: string): Promise<void> {
    await db.updateTable('pay_order').set({ check_next_at: null }).where('order_no', '=', orderNo).execute();
  },

  async insertEvent(db: Db, event: Insertable<PaymentEventTable>): Promise<void> {
    await db.insertInto('payment_event').values(event).execute();
  },

  // ---- the sandbox provider's side ---------------------------------------------------------------

  /** Records a sandbox payment unless the order has one; the one on record. */
  async recordSandboxPayment(
    db: Db,
    p: { orderNo: string; transactionId: string; amountFen: number; paidAt: number },
  ) {
    await db
      .insertInto('sandbox_payment')
      .values({
        order_no: p.orderNo,
        transaction_id: p.transactionId,
        amount_fen: p.amountFen,
        paid_at: p.paidAt,
      })
      .onConflict((oc) => oc.column('order_no').doNothing())
      .execute();
    return db
      .selectFrom('sandbox_payment')
      .selectAll()
      .where('order_no', '=', p.orderNo)
      .executeTakeFirstOrThrow();
  },

  findSandboxPayment(db: Db, orderNo: string) {
    return db.selectFrom('sandbox_payment').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  },
};
