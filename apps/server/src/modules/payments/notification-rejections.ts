import type { Clock } from '../../clock.ts';

const MINUTE_MS = 60_000;

export type RejectionLogger = { warn(obj: object, msg?: string): void };

/**
 * Notifications refused by their provider's verification (bad signature, stale timestamp, another
 * app or merchant; issue 32 §4). Anyone can post them, as often as they like, and WeChat sends some
 * on purpose (PROVIDERS.md): so they are counted, not stored one row per request, and logged sampled,
 * the first of each minute per provider, carrying how many were refused since the last line and in
 * all. Counts are this instance's since it started. Notifications that passed verification (credited,
 * duplicates, an authentic one for an unknown order or another amount) keep their payment_event row.
 */
export function createRejectionCounter(deps: { clock: Clock; log?: RejectionLogger | undefined }) {
  const totals = new Map<string, number>();
  const sampled = new Map<string, { minute: number; unlogged: number }>();

  return {
    record(provider: string, reason: string): void {
      const total = (totals.get(provider) ?? 0) + 1;
      totals.set(provider, total);
      const minute = Math.floor(deps.clock.now() / MINUTE_MS);
      const last = sampled.get(provider);
      if (last && last.minute === minute) {
        last.unlogged++;
        return;
      }
      deps.log?.warn(
        { provider, reason, refusedSinceLastLine: (last?.unlogged ?? 0) + 1, refusedInAll: total },
        'payment notification refused by verification (first of the minute; the rest are counted)',
      );
      sampled.set(provider, { minute, unlogged: 0 });
    },

    /** Refused notifications per provider since this instance started. */
    counts(): Record<string, number> {
      return Object.fromEntries(totals);
    },
  };
}

export type RejectionCounter = ReturnType<typeof createRejectionCounter>;
