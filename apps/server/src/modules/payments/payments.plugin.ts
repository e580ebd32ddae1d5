import { registerApiRoutes } from '../../http/api-routes.ts';
import { isAppError } from '../../http/app-error.ts';
import type { App } from '../../http/fastify-types.ts';
import { createPaymentProviders, PAY_SANDBOX_SECRET_SETTING } from './payment-providers.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { ensureDefaultProducts } from './payments.seed.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Products, orders, provider notifications and reconciliation (modules/payments). */
    payments: PaymentsService;
  }
}

export { PAY_SANDBOX_SECRET_SETTING };

/**
 * Recharge and payment, on the wallet (which credits) and the teachers (an exclusive card's teacher
 * must teach), both registered before it in the route table. The providers come from PAY_DRIVER
 * (providers/payment/payment.config.ts); the jobs (close-expired-orders, reconcile) are in
 * src/jobs/registry.ts.
 */
export async function paymentsPlugin(app: App): Promise<void> {
  const { config } = app;
  // Any database gets the default packages when it has none (the operations CLI manages them after).
  if (await ensureDefaultProducts(app.db, app.dbDialect, app.clock.now())) {
    app.log.info('default recharge packages added');
  }
  const usesSandbox = config.PAY_DRIVER.includes('sandbox');
  const providers = createPaymentProviders({ db: app.db, clock: app.clock, config, log: app.log });
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

  const payments = createPaymentsService({
    db: app.db,
    dialect: app.dbDialect,
    clock: app.clock,
    settings: { orderTtlMinutes: config.ORDER_TTL_MINUTES },
    providers,
    wallet: app.wallet,
    teachers: {
      // An exclusive-teacher card is bound to a teacher who teaches (the teachers area decides).
      isActiveTeacher: (teacherId) =>
        app.teachers.getTeacherInfo(null, teacherId).then(
          () => true,
          (error: unknown) => {
            if (isAppError(error) && error.code === 404) return false;
            throw error;
          },
        ),
    },
    idempotency: app.idempotency,
    log: app.log,
  });
  app.decorate('payments', payments);
  await registerApiRoutes(app, paymentsRoutes, { payments, config });
}
