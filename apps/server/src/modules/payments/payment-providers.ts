import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { resolveSecret, SECRET_SETTING_KEYS } from '../../db/secrets.ts';
import {
  createPaymentProvidersFromConfig,
  type PaymentProviders,
  type PaymentSettings,
} from '../../providers/payment/payment.config.ts';
import type { PaymentLogger } from '../../providers/payment/payment-wire.ts';
import type { SandboxPaymentStore } from '../../providers/payment/sandbox.ts';
import { paymentsRepository } from './payments.repository.ts';

/** The sandbox's record of what was paid at its cashier, kept in the database (table sandbox_payment). */
export function sandboxPaymentStore(db: Db): SandboxPaymentStore {
  const toPayment = (row: {
    order_no: string;
    transaction_id: string;
    amount_fen: number;
    paid_at: number;
  }) => ({
    orderNo: row.order_no,
    transactionId: row.transaction_id,
    amountFen: row.amount_fen,
    paidAt: Number(row.paid_at),
  });
  return {
    async recordPayment(payment) {
      return toPayment(await paymentsRepository.recordSandboxPayment(db, payment));
    },
    async findPayment(orderNo) {
      const row = await paymentsRepository.findSandboxPayment(db, orderNo);
      return row ? toPayment(row) : undefined;
    },
  };
}

/**
 * The payment providers PAY_DRIVER names, built one way for the server (payments.plugin.ts) and the
 * operations CLI (`order reconcile`): the sandbox keeps its payments in the database and signs with
 * a secret generated on first use in app_setting, so a payment made at the cashier of one instance
 * is found by every other instance and by the CLI.
 */
export function createPaymentProviders(deps: {
  db: Db;
  clock: Clock;
  config: PaymentSettings;
  log?: PaymentLogger;
}): PaymentProviders {
  const { db, clock, config, log } = deps;
  return createPaymentProvidersFromConfig(
    config,
    {
      // Generated on first use only: an installation that never opens the cashier stores none.
      secret: () => resolveSecret(db, undefined, SECRET_SETTING_KEYS.paySandboxSecret, clock.now()),
      store: sandboxPaymentStore(db),
    },
    log,
  );
}
