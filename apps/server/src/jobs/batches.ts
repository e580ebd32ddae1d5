import { sql } from 'kysely';
import type { Database, Db } from '../db/database.ts';

/**
 * Batch jobs that never stall on a backlog (issue 32 §3). Every job of registry.ts follows one of
 * two shapes:
 *
 * 1. Work that may need another try (a payment the provider has not settled, a recording not ready,
 *    an SMS that failed) carries its number of tries and the time of its next try. A run takes the
 *    due work least recently tried first (never tried first) and claims it with a conditional
 *    update that also moves its next try `backoffDelay` ahead: an item that keeps failing goes to
 *    the back of the line instead of holding the front, and an instance running the job at the same
 *    moment never takes the same item. Settled work (done, or a final answer from the provider)
 *    leaves the line for good. The SQL of each line lives in its area's repository; the policy and
 *    the run loop are here.
 * 2. Clean-up deletes the oldest rows first in bounded batches along an indexed time column
 *    (`purgeInBatches`), so every run makes progress, whatever the backlog, and no statement holds
 *    its locks for long.
 */

/** When the next try of an item is due: `firstMs` after its first try, doubling, at most `maxMs`. */
export type Backoff = {
  firstMs: number;
  maxMs: number;
  /** After this many tries the item is settled as failed (never tried again); unlimited when absent. */
  maxAttempts?: number;
};

/** The wait after `attempts` tries (1 → firstMs, 2 → 2 × firstMs, …, capped at maxMs). */
export function backoffDelay(backoff: Backoff, attempts: number): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 40);
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** doublings);
}

/** When to try again after `attempts` tries made at `now`; null when the tries are spent. */
export function nextTryAt(backoff: Backoff, attempts: number, now: number): number | null {
  if (backoff.maxAttempts !== undefined && attempts >= backoff.maxAttempts) return null;
  return now + backoffDelay(backoff, attempts);
}

/**
 * Runs `work` on every item, at most `concurrency` at once (provider round trips overlap; the
 * database sees a bounded number of callers). A failure of one item is the caller's to catch.
 */
export async function forEachAtMost<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(concurrency, 1), items.length) }, worker));
}

type TimeColumnOf<T extends keyof Database> = {
  [C in keyof Database[T] & string]: Database[T][C] extends number | null ? C : never;
}[keyof Database[T] & string];

export type PurgeSpec<T extends keyof Database> = {
  table: T;
  /** An indexed epoch-ms column: rows with a value before `before` go. */
  column: TimeColumnOf<T>;
  before: number;
  batchSize: number;
  /** Batches per call: the rest waits for the next run, which starts where this one stopped. */
  maxBatches: number;
};

/**
 * Deletes the rows of `table` whose `column` is before `before`, oldest first, `batchSize` rows per
 * statement (the bound is the batch's last value; rows sharing it go with it), at most `maxBatches`
 * statements. Deleted rows never come back, so each call makes progress. How many rows went.
 */
export async function purgeInBatches<T extends keyof Database & string>(
  db: Db,
  spec: PurgeSpec<T>,
): Promise<number> {
  const table = sql.table(spec.table);
  const column = sql.ref(spec.column);
  let deleted = 0;
  for (let batch = 0; batch < spec.maxBatches; batch++) {
    const { rows } = await sql<{ bound: number | string }>`
      select ${column} as bound from ${table} where ${column} < ${spec.before}
      order by ${column} limit 1 offset ${spec.batchSize - 1}`.execute(db);
    const bound = rows[0] === undefined ? undefined : Number(rows[0].bound);
    const result =
      bound === undefined
        ? await sql`delete from ${table} where ${column} < ${spec.before}`.execute(db)
        : await sql`delete from ${table} where ${column} <= ${bound}`.execute(db);
    deleted += Number(result.numAffectedRows ?? 0);
    if (bound === undefined) break;
  }
  return deleted;
}
