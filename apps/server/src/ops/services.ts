import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, DbDialect } from '../db/database.ts';
import { isAppError } from '../http/app-error.ts';
import { createCoursesService } from '../modules/courses/courses.service.ts';
import { createFeedbackService } from '../modules/feedback/feedback.service.ts';
import { createFilesService } from '../modules/files/files.service.ts';
import { FILES_LINK_SECRET_SETTING } from '../modules/files/files.plugin.ts';
import { resolveSecret } from '../modules/auth/auth.secrets.ts';
import { createPaymentProviders } from '../modules/payments/payment-providers.ts';
import { createPaymentsService } from '../modules/payments/payments.service.ts';
import { createProductsService } from '../modules/payments/products.service.ts';
import { createTeachersService } from '../modules/teachers/teachers.service.ts';
import { createWalletService } from '../modules/wallet/wallet.service.ts';
import { createStorageProviderFromConfig } from '../providers/storage/storage.config.ts';

export type OpsServiceDeps = { db: Db; dialect: DbDialect; clock: Clock; config: Config };

/**
 * The services of the areas the CLI acts through, built the way their plugins build them (same
 * settings from the config), on the command's transaction: their reads and writes go through it
 * (a service call that opens its own transaction is given it instead: `markTeacherNoShow(id, trx)`,
 * `applyPayment(…, trx)`), so every write of a command and its audit record commit or roll back
 * together.
 */
export function createOpsServices(deps: OpsServiceDeps) {
  const { db, dialect, clock, config } = deps;
  const wallet = createWalletService({ db, clock });
  const teachers = createTeachersService({
    db,
    clock,
    settings: { minNoticeMinutes: config.BOOKING_MIN_NOTICE_MINUTES },
  });
  const courses = createCoursesService({
    db,
    dialect,
    clock,
    settings: { minNoticeMinutes: config.BOOKING_MIN_NOTICE_MINUTES },
    wallet,
  });
  const payments = createPaymentsService({
    db,
    dialect,
    clock,
    settings: { orderTtlMinutes: config.ORDER_TTL_MINUTES },
    providers: createPaymentProviders({ db, clock, config }),
    wallet,
    teachers: {
      isActiveTeacher: (teacherId) =>
        teachers.getTeacherInfo(null, teacherId).then(
          () => true,
          (error: unknown) => {
            if (isAppError(error) && error.code === 404) return false;
            throw error;
          },
        ),
    },
  });
  const products = createProductsService({ db, clock });
  const feedback = createFeedbackService({ db, clock });
  const files = createFilesService({
    db,
    clock,
    storage: createStorageProviderFromConfig(config),
    secret: () => resolveSecret(db, undefined, FILES_LINK_SECRET_SETTING, clock.now()),
  });
  return { wallet, teachers, courses, payments, products, feedback, files };
}

export type OpsServices = ReturnType<typeof createOpsServices>;
