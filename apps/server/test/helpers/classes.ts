import { createStudent, giveCoins, servicesAt } from './courses.ts';
import { createSlot, createTeacher } from './factories.ts';

/**
 * The class service tests' setup (test/courses-*.test.ts): every service on a manual clock at NOW,
 * a teacher whose lessons cost PRICE coins, and students and slots made around them.
 */

export const NOW = Date.UTC(2026, 10, 16, 2, 0);
export const PRICE = 100;

export async function setup(minNoticeMinutes = 60) {
  const ctx = await servicesAt(NOW, minNoticeMinutes);
  const teacher = await createTeacher(ctx.db, { price_coins: PRICE });
  return { ...ctx, teacher };
}

export type Ctx = Awaited<ReturnType<typeof setup>>;

/** A student with `coins` coins. */
export async function student(ctx: Ctx, coins = 1000): Promise<number> {
  const id = await createStudent(ctx.db);
  if (coins > 0) await giveCoins(ctx.db, ctx.wallet, id, coins);
  return id;
}

export function slot(ctx: Ctx, startIn: number, options: { teacher?: number; minutes?: number } = {}) {
  return createSlot(ctx.db, options.teacher ?? ctx.teacher, {
    start_at: NOW + startIn,
    minutes: options.minutes ?? 25,
  });
}

export async function courseCount(ctx: Ctx): Promise<number> {
  const row = await ctx.db
    .selectFrom('course')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
