import type { FastifyInstance } from 'fastify';
import { topUpDemoSlots } from './demo-slots.ts';

const DAY_MS = 86_400_000;

/**
 * Demo schedules roll forward (DESIGN.md §10): the top-up runs at every start and then daily on
 * every instance; it only inserts missing (teacher_id, start_at) rows, so concurrent runs are safe.
 * A failure is logged, never fatal: the next run catches up.
 */
export async function registerTeacherJobs(app: FastifyInstance): Promise<void> {
  const run = async () => {
    try {
      const added = await topUpDemoSlots(app.db, app.clock.now());
      if (added > 0) app.log.info({ added }, 'demo teacher slots topped up');
    } catch (err) {
      app.log.warn({ err }, 'topping up demo teacher slots failed');
    }
  };
  await run();
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
