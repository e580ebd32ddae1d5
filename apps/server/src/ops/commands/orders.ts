import { z } from 'zod';
import { createPaymentProviders } from '../../modules/payments/payment-providers.ts';
import type { PaymentQuery } from '../../providers/payment/payment-provider.ts';
import { defineCommand, OpsRefusal } from '../command.ts';
import { opsRepository } from '../ops.repository.ts';
import { count } from './fields.ts';

const STATUS: Record<number, string> = { 0: 'awaiting payment', 200: 'paid', 500: 'closed' };

type Checked = {
  order_no: string;
  student_id: number;
  provider: string;
  status: number;
  /** What the provider said, or why it was not asked / not applied. */
  found:
    | PaymentQuery
    | { status: 'no-provider' }
    | { status: 'failed'; error: string }
    | { status: 'conflict'; other: string };
};

/**
 * `order reconcile`: the provider is asked first (`prepare`, outside any transaction: a network
 * round trip must not hold the database); then, in the command's transaction, each payment found
 * goes through the payments service's paid transition, `applyPayment` (source `reconcile`), the
 * same path a verified notification takes: a conditional update of the order and the credit
 * through the wallet, so an order already credited (by a notification meanwhile) is a duplicate
 * and nothing moves twice.
 */
export const orderReconcile = defineCommand({
  name: 'order reconcile',
  summary:
    'Ask the payment provider about orders awaiting payment (or one order) and credit the paid ones exactly once, as a notification would',
  options: {
    order: 'one order number (awaiting or closed); default: every order awaiting payment',
    limit: 'without --order: at most this many orders, never or least recently checked first (default 200)',
  },
  example: 'order reconcile --order 202611231530120123456789',
  schema: z.object({
    order: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'order is an order number (letters and digits)')
      .optional(),
    limit: count('limit', 5000).default(200),
  }),
  async prepare({ db, clock, config }, input): Promise<Checked[]> {
    let orders;
    if (input.order !== undefined) {
      const order = await opsRepository.findOrder(db, input.order);
      if (!order) throw new OpsRefusal(`no order ${input.order}`);
      if (order.status === 200)
        throw new OpsRefusal(`order ${input.order} is paid already (transaction ${order.transaction_id})`);
      orders = [order];
    } else {
      orders = await opsRepository.awaitingOrders(db, input.limit);
    }
    const providers = createPaymentProviders({ db, clock, config });
    const byDriver = new Map([...providers.values()].map((p) => [p.driver as string, p]));
    const checked: Checked[] = [];
    for (const order of orders) {
      const base = {
        order_no: order.order_no,
        student_id: order.student_id,
        provider: order.provider,
        status: order.status,
      };
      const provider = byDriver.get(order.provider);
      if (!provider) {
        checked.push({ ...base, found: { status: 'no-provider' } });
        continue;
      }
      try {
        const found = await provider.queryPayment(order.order_no);
        if (found.status === 'paid') {
          const other = await opsRepository.orderWithTransaction(db, found.payment.transactionId);
          if (other && other.order_no !== order.order_no) {
            checked.push({ ...base, found: { status: 'conflict', other: other.order_no } });
            continue;
          }
        }
        checked.push({ ...base, found });
      } catch (error) {
        checked.push({
          ...base,
          found: { status: 'failed', error: error instanceof Error ? error.message : String(error) },
        });
      }
    }
    return checked;
  },
  async run({ db, services: { payments } }, input, checked) {
    const before = checked.map((c) => ({ order_no: c.order_no, status: c.status }));
    const after: {
      order_no: string;
      status: number | undefined;
      provider_says: string;
      outcome?: string;
      paid_after_close?: true;
    }[] = [];
    const lines: string[] = [];
    let failed = 0;
    for (const c of checked) {
      const { found } = c;
      let outcome: string | undefined;
      if (found.status === 'paid') {
        if (found.payment.orderNo !== c.order_no) outcome = 'rejected';
        else
          outcome = await payments.applyPayment(
            c.provider as 'sandbox' | 'alipay' | 'wechat',
            found.payment,
            'reconcile',
            db,
          );
      } else if (found.status === 'failed' || found.status === 'no-provider' || found.status === 'conflict')
        failed++;
      const now = await opsRepository.findOrder(db, c.order_no);
      // Paid after the order had closed (the money was taken, so it was credited): for staff review.
      const afterClose = outcome === 'credited_after_close';
      after.push({
        order_no: c.order_no,
        status: now?.status,
        provider_says: found.status,
        ...(outcome ? { outcome } : {}),
        ...(afterClose ? { paid_after_close: true as const } : {}),
      });
      const said =
        found.status === 'paid'
          ? `paid (transaction ${found.payment.transactionId}, ${found.payment.amountFen} fen)`
          : found.status === 'failed'
            ? `query failed: ${found.error}`
            : found.status === 'no-provider'
              ? `its provider ${c.provider} is not configured (PAY_DRIVER)`
              : found.status === 'conflict'
                ? `paid with a transaction id order ${found.other} holds: not credited, review it`
                : found.status;
      lines.push(
        `order ${c.order_no}: provider says ${said}${outcome ? ` → ${outcome}` : ''}; now ${STATUS[now?.status ?? -1] ?? '?'}${afterClose ? ' (paid after close: flagged for review)' : ''}`,
      );
    }
    const credited = after.filter(
      (a) => a.outcome === 'credited' || a.outcome === 'credited_after_close',
    ).length;
    lines.push(
      `${checked.length} order(s) checked, ${credited} credited${failed > 0 ? `, ${failed} not checked` : ''}`,
    );
    if (input.order !== undefined && checked[0]?.found.status !== 'paid' && failed === 0) {
      lines.push('Not paid at the provider: nothing to credit (docs/operations.md, stuck payment).');
    }
    return { before, after, output: lines.join('\n'), ...(failed > 0 ? { exitCode: 1 } : {}) };
  },
});
