import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEEP_HOURS, IDEMPOTENCY_KEY_MAX } from '@app/contract/booking';
import { CODES } from '@app/contract/codes';
import type { MessageKey } from '@app/contract/messages';
import type { Clock } from '../clock.ts';
import { AppError, isAppError, type MessageParams } from '../http/app-error.ts';
import { purgeInBatches } from '../jobs/batches.ts';
import type { Db } from './database.ts';
import { withTransaction, type Trx } from './transaction.ts';

/**
 * Idempotency-Key support (DESIGN.md §7 "Wallet"), for any call with an effect (bookCourse,
 * createOrder). A key is scoped to the student and the call and kept 24 h. The first request
 * claims the key (a `running` record, committed at once); its effect and its stored reply are then
 * written in one transaction, so a reply is stored exactly when the effect happened. A business
 * refusal (an AppError below 500) is stored too, after its transaction rolled back: a retry gets
 * the same refusal. Another request with the key gets the stored reply when its body is the same,
 * a 409 when the body differs or the first is still running. An unexpected failure releases the
 * key, so the client may retry. A `running` record older than a minute belongs to a request that
 * died; a new request takes it over, and the old one, should it still finish, finds its claim gone
 * and rolls back.
 */

export type IdempotencyRequest = {
  studentId: number;
  /** The call, e.g. `course.book`. */
  scope: string;
  key: string;
  /** Hash of the request body (requestHashOf). */
  requestHash: string;
};

type StoredReply =
  | { ok: true; data: unknown }
  | { ok: false; code: number; messageKey: MessageKey; params: MessageParams; data: unknown };

const HOUR_MS = 3_600_000;
const STALE_RUNNING_MS = 60_000;
const KEY_PATTERN = /^[\x21-\x7e]+$/;

/** A stable hash of a request body: keys sorted at every level, so field order does not matter. */
export function requestHashOf(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

/** A key the header may carry: 1-255 visible ASCII characters. */
export function isIdempotencyKey(key: string): boolean {
  return key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX && KEY_PATTERN.test(key);
}

export const idempotencyRepository = {
  async claim(db: Db, r: IdempotencyRequest, now: number): Promise<boolean> {
    const result = await db
      .insertInto('idempotency_record')
      .values({
        student_id: r.studentId,
        scope: r.scope,
        key: r.key,
        request_hash: r.requestHash,
        status: 'running',
        response: null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['student_id', 'scope', 'key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  find(db: Db, r: IdempotencyRequest) {
    return db
      .selectFrom('idempotency_record')
      .select(['request_hash', 'status', 'response', 'created_at'])
      .where('student_id', '=', r.studentId)
      .where('scope', '=', r.scope)
      .where('key', '=', r.key)
      .executeTakeFirst();
  },

  /**
   * Replaces the claim made at `claimedAt` by one made now: an expired record (`expired`, whatever
   * its status), or a dead request's, which must still be `running` (issue 32 §6): a request that
   * finished between the caller's read and this update keeps its reply, and its effect is not run
   * a second time.
   */
  async reclaim(
    db: Db,
    r: IdempotencyRequest,
    claimedAt: number,
    now: number,
    what: 'expired' | 'stale-running',
  ): Promise<boolean> {
    let update = db
      .updateTable('idempotency_record')
      .set({ request_hash: r.requestHash, status: 'running', response: null, created_at: now })
      .where('student_id', '=', r.studentId)
      .where('scope', '=', r.scope)
      .where('key', '=', r.key)
      .where('created_at', '=', claimedAt);
    if (what === 'stale-running') update = update.where('status', '=', 'running');
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Stores the reply of the claim made at `claimedAt`; false when that claim is no longer ours. */
  async finish(db: Db, r: IdempotencyRequest, claimedAt: number, response: string): Promise<boolean> {
    const result = await db
      .updateTable('idempotency_record')
      .set({ status: 'done', response })
      .where('student_id', '=', r.studentId)
      .where('scope', '=', r.scope)
      .where('key', '=', r.key)
      .where('status', '=', 'running')
      .where('created_at', '=', claimedAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async release(db: Db, r: IdempotencyRequest, claimedAt: number): Promise<void> {
    await db
      .deleteFrom('idempotency_record')
      .where('student_id', '=', r.studentId)
      .where('scope', '=', r.scope)
      .where('key', '=', r.key)
      .where('status', '=', 'running')
      .where('created_at', '=', claimedAt)
      .execute();
  },

  /** Oldest first, in bounded batches (src/jobs/batches.ts): a backlog takes several runs, each makes progress. */
  purge(db: Db, before: number): Promise<number> {
    return purgeInBatches(db, {
      table: 'idempotency_record',
      column: 'created_at',
      before,
      batchSize: 2000,
      maxBatches: 10,
    });
  },
};

function replay<T>(response: string | null): T {
  const stored = JSON.parse(response ?? 'null') as StoredReply;
  if (stored.ok) return stored.data as T;
  throw new AppError(stored.code, stored.messageKey, stored.params, stored.data);
}

export function createIdempotency(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const keepMs = IDEMPOTENCY_KEEP_HOURS * HOUR_MS;

  /** Claims the key; the claim time when this request owns it, otherwise the stored reply or a 409. */
  async function claim<T>(r: IdempotencyRequest): Promise<{ claimedAt: number } | { replayed: T }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = clock.now();
      if (await idempotencyRepository.claim(db, r, now)) return { claimedAt: now };
      const record = await idempotencyRepository.find(db, r);
      if (!record) continue;
      const claimedAt = Number(record.created_at);
      if (claimedAt <= now - keepMs) {
        // Expired: the key is new again.
        if (await idempotencyRepository.reclaim(db, r, claimedAt, now, 'expired')) return { claimedAt: now };
        continue;
      }
      if (record.request_hash !== r.requestHash) throw AppError.conflict('idempotency.keyReused');
      if (record.status === 'done') return { replayed: replay<T>(record.response) };
      if (claimedAt <= now - STALE_RUNNING_MS) {
        if (await idempotencyRepository.reclaim(db, r, claimedAt, now, 'stale-running')) {
          return { claimedAt: now };
        }
        // Finished (or taken over) since it was read: read it again, to replay its reply.
        continue;
      }
      throw AppError.conflict('idempotency.inProgress');
    }
    throw AppError.conflict('idempotency.inProgress');
  }

  return {
    /**
     * Runs `work` in one transaction. With a request (an Idempotency-Key was sent), the reply is
     * stored with the effect and replayed for the same key and body.
     */
    async run<T>(request: IdempotencyRequest | undefined, work: (trx: Trx) => Promise<T>): Promise<T> {
      if (!request) return withTransaction(db, work);
      if (!isIdempotencyKey(request.key)) throw AppError.badRequest('idempotency.keyInvalid');
      const claimed = await claim<T>(request);
      if ('replayed' in claimed) return claimed.replayed;
      const { claimedAt } = claimed;
      try {
        return await withTransaction(db, async (trx) => {
          const data = await work(trx);
          const stored: StoredReply = { ok: true, data };
          if (!(await idempotencyRepository.finish(trx, request, claimedAt, JSON.stringify(stored)))) {
            // Taken over as a dead request's claim: undo this effect, the other request owns the key.
            throw AppError.conflict('idempotency.inProgress');
          }
          return data;
        });
      } catch (error) {
        const lostClaim = isAppError(error) && error.messageKey === 'idempotency.inProgress';
        try {
          if (isAppError(error) && error.code < CODES.INTERNAL && !lostClaim) {
            const stored: StoredReply = {
              ok: false,
              code: error.code,
              messageKey: error.messageKey,
              params: error.params,
              data: error.data,
            };
            await idempotencyRepository.finish(db, request, claimedAt, JSON.stringify(stored));
          } else if (!lostClaim) {
            await idempotencyRepository.release(db, request, claimedAt);
          }
        } catch {
          // The database failed again: the claim stays `running` and is taken over after a minute.
        }
        throw error;
      }
    },

    /** Deletes records past their 24 hours (a periodic job; idempotent). */
    purgeExpired(): Promise<number> {
      return idempotencyRepository.purge(db, clock.now() - keepMs);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
