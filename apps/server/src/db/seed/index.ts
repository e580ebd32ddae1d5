import type { Config } from '../../config.ts';
import { appSettingRepository, SETTING_KEYS } from '../app-setting.repository.ts';
import type { Db, DbDialect } from '../database.ts';
import { withTransaction } from '../transaction.ts';
import { seedDemoCourses } from '../../modules/courses/courses.seed.ts';
import { seedDemoFiles } from '../../modules/files/files.seed.ts';
import {
  DEMO_PURCHASE_TTL_MINUTES,
  seedDemoOrders,
  seedDemoPurchases,
} from '../../modules/payments/payments.seed.ts';
import { seedIelts } from '../../modules/ielts/ielts.seed.ts';
import { seedDemoStudent } from '../../modules/students/students.seed.ts';
import { seedTeachers } from '../../modules/teachers/teachers.seed.ts';
import type { ServicesLog } from '../../services.ts';
import { hasDemoData } from './demo-state.ts';
import { createSeedRun } from './seed-run.ts';

export type SeedContext = {
  dialect: DbDialect;
  /** The database had no migrations applied before this start. */
  wasEmpty: boolean;
  /** The app's logger (the services the seed works through log like the app's). */
  log?: ServicesLog;
};

/**
 * Demo data goes only into an empty embedded (SQLite) database, unless SEED_DEMO=0, or into
 * PostgreSQL when SEED_DEMO=1 is set explicitly, so a production database never gets the demo
 * account by accident (DESIGN.md §2, §10). With a real payment provider the demo is a demo no more:
 * an empty embedded database is seeded then only with SEED_DEMO=1 too (issue 32).
 */
export function shouldSeedDemo(config: Pick<Config, 'SEED_DEMO' | 'PAY_DRIVER'>, ctx: SeedContext): boolean {
  if (ctx.dialect === 'postgres') return config.SEED_DEMO === true;
  return ctx.wasEmpty && demoWanted(config);
}

/** Unset SEED_DEMO means "a demo" only while payments are the sandbox; 1 always, 0 never. */
function demoWanted(config: Pick<Config, 'SEED_DEMO' | 'PAY_DRIVER'>): boolean {
  if (config.SEED_DEMO !== undefined) return config.SEED_DEMO;
  return config.PAY_DRIVER.includes('sandbox');
}

/**
 * Seeds the demo data when `shouldSeedDemo` allows it and it is not there yet; returns whether it
 * seeded. Later areas add their demo rows inside the transaction below; `demo_seeded` is written in
 * the same transaction, so a crash half-way leaves nothing behind and instances racing at start-up
 * seed once.
 */
export async function seedDemo(db: Db, config: Config, ctx: SeedContext): Promise<boolean> {
  const allowed = shouldSeedDemo(config, ctx);
  const seeded =
    allowed &&
    (await withTransaction(db, async (trx) => {
      const first = await appSettingRepository.insertIfAbsent(
        trx,
        SETTING_KEYS.demoSeeded,
        String(Date.now()),
      );
      // Demo rows of later areas (teachers, students) are inserted here when `first` is true.
      return first;
    }));
  // IELTS content checks each bank's season code itself, so an embedded database demo-seeded before
  // the IELTS feature existed gets it on its next start (docs/decisions.md, IELTS).
  if (allowed || (ctx.dialect === 'sqlite' && demoWanted(config) && (await hasDemoData(db)))) {
    await seedIelts(db);
    // Demo teachers carry their own marker (demo_teachers_seeded), likewise.
    await seedTeachers(db, Date.now());
    // The demo student's history is made through the services every request uses (src/services.ts),
    // on a clock the seed moves; its purchases were orders of ORDER_TTL_MINUTES' default lifetime.
    const now = Date.now();
    const purchaseConfig = { ...config, ORDER_TTL_MINUTES: DEMO_PURCHASE_TTL_MINUTES };
    const history = await createSeedRun(db, ctx.dialect, purchaseConfig, { now, log: ctx.log });
    // The demo student (13800138000 / demo1234), once per database (demo_student_seeded): when staff
    // have deleted it, nothing of it comes back.
    const studentId = await seedDemoStudent(db, {
      hashPassword: history.services.auth.accounts.storedPasswordHash,
      now,
    });
    if (studentId === undefined) return seeded;
    // The demo student's wallet, bought at the sandbox cashier, and classes (demo_courses_seeded), on
    // the teachers' schedules.
    await seedDemoCourses(history, studentId, now, (teacherId) =>
      seedDemoPurchases(history, { studentId, teacherId }),
    );
    // Its orders that were not paid (demo_orders_seeded; the paid ones came with the wallet), and on
    // every start one awaiting payment when it has none (the sandbox driver only: its cashier pays it).
    const orders = await createSeedRun(db, ctx.dialect, config, { now: Date.now(), log: ctx.log });
    await seedDemoOrders(orders, {
      studentId,
      now: orders.clock.now(),
      orderTtlMinutes: config.ORDER_TTL_MINUTES,
      sandbox: config.PAY_DRIVER.includes('sandbox'),
      origin: config.PUBLIC_URL,
    });
    // Courseware of every kind in the file store, some attached to those classes (demo_files_seeded).
    await seedDemoFiles(history, studentId, Date.now());
  }
  return seeded;
}
