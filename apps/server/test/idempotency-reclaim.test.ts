import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { createIdempotency, idempotencyRepository, type IdempotencyRequest } from '../src/db/idempotency.ts';
import { createStudent, manualClock } from './helpers/courses.ts';
import { createTestApp } from './helpers/test-app.ts';

/**
 * Issue 32 §6: a `running` Idempotency-Key record older than a minute is taken over as a dead
 * request's, but only while it is still `running`. The original request may finish between the
 * newcomer's read and its takeover; the takeover must then fail, so the finished reply stays and
 * the effect does not run a second time.
 */

const NOW = Date.now();
const STALE = 61_000;

async function setup() {
  const t = await createTestApp();
  const studentId = await createStudent(t.db);
  const request: IdempotencyRequest = {
    studentId,
    scope: 'course.book',
    key: 'confirm-1',
    requestHash: 'h1',
  };
  return { t, request };
}

/** The reply the original request stores when it finishes (the shape `run` writes). */
const FINISHED = JSON.stringify({ ok: true, data: { id: 7 } });

/**
 * `db` on which the first UPDATE of idempotency_record (the takeover) waits for `before` to run
 * first: the moment between the newcomer's read and its update, where the original finishes.
 */
function withPauseBeforeTakeover(db: Db, before: () => Promise<void>): Db {
  let paused = false;
  const wrap = (builder: object): object =>
    new Proxy(builder, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        if (prop === 'executeTakeFirst' && !paused) {
          return async (...args: unknown[]) => {
            paused = true;
            await before();
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (...args: unknown[]) => {
          const next: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return next !== null && typeof next === 'object' && prop !== 'execute' ? wrap(next) : next;
        };
      },
    });
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop === 'updateTable') {
        return (table: 'idempotency_record') => wrap(target.updateTable(table));
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('taking over a stale running Idempotency-Key record', () => {
  it('fails when the record finished after it was read: the finished reply stays', async () => {
    const { t, request } = await setup();
    expect(await idempotencyRepository.claim(t.db, request, NOW)).toBe(true);

    // A retry a minute later reads the record: still running, so it looks dead.
    const seen = await idempotencyRepository.find(t.db, request);
    expect(seen?.status).toBe('running');
    // The original request finishes meanwhile.
    expect(await idempotencyRepository.finish(t.db, request, NOW, FINISHED)).toBe(true);
    // The retry's takeover, by the claim time it read, must not replace the finished record.
    const taken = await idempotencyRepository.reclaim(
      t.db,
      { ...request, requestHash: 'h1' },
      Number(seen?.created_at),
      NOW + STALE,
      'stale-running',
    );
    expect(taken).toBe(false);
    expect(await idempotencyRepository.find(t.db, request)).toEqual({
      request_hash: 'h1',
      status: 'done',
      response: FINISHED,
      created_at: NOW,
    });
  });

  it('a retry racing the original replays its reply and never runs the effect twice', async () => {
    const { t, request } = await setup();
    expect(await idempotencyRepository.claim(t.db, request, NOW)).toBe(true);
    const clock = manualClock(NOW + STALE);
    const db = withPauseBeforeTakeover(t.db, async () => {
      expect(await idempotencyRepository.finish(t.db, request, NOW, FINISHED)).toBe(true);
    });
    let effects = 0;
    const reply = await createIdempotency({ db, clock }).run(request, () => {
      effects++;
      return Promise.resolve({ id: 8 });
    });
    expect(reply).toEqual({ id: 7 });
    expect(effects).toBe(0);
    expect(await idempotencyRepository.find(t.db, request)).toMatchObject({
      status: 'done',
      response: FINISHED,
    });
  });

  it('still takes over a record that stayed running (its request died), and an expired one', async () => {
    const { t, request } = await setup();
    expect(await idempotencyRepository.claim(t.db, request, NOW)).toBe(true);
    const clock = manualClock(NOW + STALE);
    const idempotency = createIdempotency({ db: t.db, clock });
    expect(await idempotency.run(request, () => Promise.resolve({ id: 9 }))).toEqual({ id: 9 });

    // A day later the finished record has expired: the key is new again.
    clock.advance(24 * 3_600_000);
    expect(await idempotency.run(request, () => Promise.resolve({ id: 10 }))).toEqual({ id: 10 });
  });
});
