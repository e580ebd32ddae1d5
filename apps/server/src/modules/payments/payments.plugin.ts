import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { ensureDefaultProducts } from './payments.seed.ts';
import type { PaymentsService } from './payments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Products, orders, provider notifications and reconciliation (modules/payments). */
    payments: PaymentsService;
  }
}

/**
 * Recharge and payment (the service is built in src/services.ts, on the wallet, which credits, and
 * the teachers, who decide whether an exclusive card's teacher teaches). The providers come from
 * PAY_DRIVER (providers/payment/payment.config.ts); the jobs (close-expired-orders, reconcile) are
 * in src/jobs/registry.ts.
 */
export async function paymentsPlugin(app: App): Promise<void> {
  const { config } = app;
  // Any database gets the default packages when it has none (the operations CLI manages them after).
  if (await ensureDefaultProducts(app.db, app.dbDialect, app.clock.now())) {
    app.log.info('default recharge packages added');
  }
  const usesSandbox = config.PAY_DRIVER.includes('sandbox');
  if (usesSandbox && config.DATABASE_URL) {
    app.log.warn(
      'PAY_DRIVER=sandbox: its cashier credits coins and cards without taking money. Set PAY_DRIVER to alipay and/or wechat in production.',
    );
  }
  if (!usesSandbox && !config.PUBLIC_URL_CONFIGURED) {
    app.log.warn(
      'PUBLIC_URL is not set: payment providers are told to notify the address each student used, which must be reachable from the internet. Set PUBLIC_URL.',
    );
  }

  const { payments } = app.services;
  app.decorate('payments', payments);
  await registerApiRoutes(app, paymentsRoutes, { payments, config });
}
