// From node:timers, not the global: fake timers in a test must not stop the database.
import { setImmediate } from 'node:timers';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database.ts';

export type GroupCommitOptions = {
  /** Units of work one COMMIT may hold at most. */
  maxUnits: number;
  /** After this long (ms since its BEGIN) a batch takes no further unit and commits. */
  maxBatchMs: number;
  /** Told the units and the milliseconds of each committed batch (the benchmark's statistics). */
  onBatch?: (units: number, ms: number) => void;
};

export const GROUP_COMMIT_DEFAULTS: GroupCommitOptions = { maxUnits: 64, maxBatchMs: 10 };

type Unit = {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type Outcome = { unit: Unit; ok: true; value: unknown } | { unit: Unit; ok: false; error: unknown };

/** Running totals since the group commit was made (the booking benchmark prints them). */
export type GroupCommitStats = {
  batches: number;
  units: number;
  /** Milliseconds spent in COMMIT (the fsync), in total and the longest. */
  commitMs: number;
  maxCommitMs: number;
  /** Milliseconds from BEGIN to the end of COMMIT, in total. */
  batchMs: number;
};

export type GroupCommit = {
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  readonly stats: Readonly<GroupCommitStats>;
};

const statsByDb = new WeakMap<Kysely<Database>, GroupCommitStats>();

/**
 * The totals of the group commit made for `db`, if any (SQLite), as a copy; `restartMax` starts the
 * longest COMMIT afresh, so the next reading tells the longest since this one.
 */
export function groupCommitStatsOf(
  db: Kysely<Database>,
  options: { restartMax?: boolean } = {},
): GroupCommitStats | undefined {
  const stats = statsByDb.get(db);
  if (!stats) return undefined;
  const copy = { ...stats };
  if (options.restartMax) stats.maxCommitMs = 0;
  return copy;
}

/**
 * Group commit for SQLite (DESIGN.md §4 keeps synchronous = FULL, so every COMMIT waits for an fsync,
 * which costs more than the work of a booking). Transactions that arrive while one is running share
 * the next COMMIT: the batcher opens one transaction, runs the queued units one after another each
 * inside its own SAVEPOINT, and commits when the queue is empty, after `maxUnits` units or once the
 * batch is `maxBatchMs` old.
 *
 * Every unit keeps the meaning of its own transaction:
 * - a unit that throws is rolled back to its savepoint: its writes vanish, the others' stay;
 * - units run one at a time on the one connection, so each sees the committed state plus the units
 *   before it in the batch, exactly as if they had committed one by one in that order;
 * - no caller hears anything (its result or its error) before the COMMIT that holds its unit has
 *   returned, so an acknowledged write is durable, and nobody acts on a refusal that was based on
 *   writes that are then lost;
 * - when the COMMIT fails, or SQLite aborts the whole transaction under a unit (its savepoint is
 *   gone), every unit of the batch is rejected: none of their writes happened.
 * Queries outside a transaction wait for the connection while a batch runs, as they waited for a
 * transaction before: they never see a unit's uncommitted writes.
 */
export function createGroupCommit(
  db: Kysely<Database>,
  options: GroupCommitOptions = GROUP_COMMIT_DEFAULTS,
): GroupCommit {
  const queue: Unit[] = [];
  const stats: GroupCommitStats = { batches: 0, units: 0, commitMs: 0, maxCommitMs: 0, batchMs: 0 };
  statsByDb.set(db, stats);
  let scheduled = false;
  let running = false;

  function settle(outcomes: Outcome[], failure?: { error: unknown }): void {
    for (const o of outcomes) {
      if (failure) o.unit.reject(o.ok ? failure.error : o.error);
      else if (o.ok) o.unit.resolve(o.value);
      else o.unit.reject(o.error);
    }
  }

  async function rollbackQuietly(trx: { rollback(): { execute(): Promise<void> } }): Promise<void> {
    try {
      await trx.rollback().execute();
    } catch {
      // SQLite already rolled the transaction back (no transaction is active): nothing to undo.
    }
  }

  async function runBatch(): Promise<void> {
    let trx;
    try {
      trx = await db.startTransaction().execute();
    } catch (error) {
      // BEGIN failed (the database is unusable): those waiting hear it, later arrivals try again.
      for (const unit of queue.splice(0)) unit.reject(error);
      return;
    }
    const began = performance.now();
    const outcomes: Outcome[] = [];
    while (queue.length > 0 && outcomes.length < options.maxUnits) {
      if (outcomes.length > 0 && performance.now() - began >= options.maxBatchMs) break;
      const unit = queue.shift()!;
      try {
        await sql`savepoint unit`.execute(trx);
      } catch (error) {
        outcomes.push({ unit, ok: false, error });
        await rollbackQuietly(trx);
        settle(outcomes, { error });
        return;
      }
      try {
        const value = await unit.work(trx);
        await sql`release unit`.execute(trx);
        outcomes.push({ unit, ok: true, value });
      } catch (error) {
        outcomes.push({ unit, ok: false, error });
        try {
          await sql`rollback to unit`.execute(trx);
          await sql`release unit`.execute(trx);
        } catch (lost) {
          // The savepoint is gone: SQLite aborted the whole transaction (an I/O error, a full disk),
          // taking the earlier units of the batch with it.
          await rollbackQuietly(trx);
          settle(outcomes, { error: lost });
          return;
        }
      }
    }
    const committing = performance.now();
    try {
      await trx.commit().execute();
    } catch (error) {
      await rollbackQuietly(trx);
      settle(outcomes, { error });
      return;
    }
    const ended = performance.now();
    stats.batches++;
    stats.units += outcomes.length;
    stats.commitMs += ended - committing;
    stats.maxCommitMs = Math.max(stats.maxCommitMs, ended - committing);
    stats.batchMs += ended - began;
    settle(outcomes);
    options.onBatch?.(outcomes.length, ended - began);
  }

  /**
   * A batch starts on the next turn of the event loop, not at once: better-sqlite3 is synchronous, so
   * a request runs from its socket to its COMMIT without yielding, and other requests that are ready
   * (read in the same poll phase) would each wait for a COMMIT of their own. Deferred, they queue
   * their units first and share it.
   */
  function schedule(): void {
    if (scheduled || running) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      running = true;
      void runBatch().finally(() => {
        running = false;
        if (queue.length > 0) schedule();
      });
    });
  }

  return {
    stats,
    run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
  };
}
