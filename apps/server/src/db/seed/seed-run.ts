import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { createSandboxPaymentProvider } from '../../providers/payment/sandbox.ts';
import { sandboxPaymentStore } from '../../modules/payments/payment-providers.ts';
import { createServices, silentLog, type Services, type ServicesLog } from '../../services.ts';
import type { Db, DbDialect } from '../database.ts';
import { resolveSecret, SECRET_SETTING_KEYS } from '../secrets.ts';

/** A clock the seed moves through the demo student's history; it starts at `start`. */
export type SeedClock = Clock & { set(ms: number): void };

export function seedClock(start: number): SeedClock {
  let now = start;
  return {
    now: () => now,
    set(ms) {
      now = ms;
    },
  };
}

/**
 * What a demo seed works with: the services every request uses (src/services.ts), on a clock the
 * seed moves, so the demo rows are made by the same rules and the ledgers stay whole.
 */
export type SeedRun = {
  db: Db;
  dialect: DbDialect;
  services: Services;
  clock: SeedClock;
  /** The app's logger: what start-up tells of the demo (e.g. the class that opens at once). */
  log: ServicesLog;
};

/**
 * The services on a seed clock that starts at `now`. Payments go through the sandbox provider
 * (both methods) whatever PAY_DRIVER says: its cashier pays the demo orders with the secret and
 * payment records the running server's sandbox uses.
 */
export async function createSeedRun(
  db: Db,
  dialect: DbDialect,
  config: Config,
  options: { now: number; log?: ServicesLog | undefined },
): Promise<SeedRun> {
  const clock = seedClock(options.now);
  const sandbox = createSandboxPaymentProvider({
    secret: () => resolveSecret(db, undefined, SECRET_SETTING_KEYS.paySandboxSecret, clock.now()),
    store: sandboxPaymentStore(db),
  });
  const services = await createServices({
    db,
    dialect,
    clock,
    config,
    log: options.log ?? silentLog,
    paymentProviders: new Map([
      ['wechat', sandbox],
      ['alipay', sandbox],
    ]),
  });
  return { db, dialect, services, clock, log: options.log ?? silentLog };
}
