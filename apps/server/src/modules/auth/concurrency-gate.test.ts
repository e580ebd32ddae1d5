import { describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import { isAppError } from '../../http/app-error.ts';
import { createConcurrencyGate, scryptGateSize, threadPoolSize } from './concurrency-gate.ts';
import { createPasswordHasher } from './password-hasher.ts';

/** A promise the test settles by hand, so every step of the gate is observed in a known order. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every already-settled promise continuation run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('concurrency gate (scrypt admission)', () => {
  it('runs at most maxActive at a time, queues up to maxQueued and starts them in arrival order', async () => {
    const gate = createConcurrencyGate({ maxActive: 2, maxQueued: 3 });
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const releases = Array.from({ length: 5 }, () => deferred());
    const results = releases.map((release, i) =>
      gate.run(async () => {
        started.push(i);
        running++;
        peak = Math.max(peak, running);
        await release.promise;
        running--;
        return i;
      }),
    );
    await flush();
    expect(started).toEqual([0, 1]);
    expect({ active: gate.active, queued: gate.queued }).toEqual({ active: 2, queued: 3 });

    releases[1]!.resolve();
    await flush();
    expect(started).toEqual([0, 1, 2]);
    releases[0]!.resolve();
    await flush();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const release of releases) release.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect({ active: gate.active, queued: gate.queued }).toEqual({ active: 0, queued: 0 });
  });

  it('refuses at once with 429 "too many requests" when the queue is full, and admits again once it drains', async () => {
    const gate = createConcurrencyGate({ maxActive: 1, maxQueued: 2 });
    const release = deferred();
    let ran = 0;
    const work = async () => {
      ran++;
      await release.promise;
    };
    const admitted = [gate.run(work), gate.run(work), gate.run(work)];
    const refused = await gate.run(work).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isAppError(refused)).toBe(true);
    expect(refused).toMatchObject({
      code: CODES.TOO_MANY_REQUESTS,
      messageKey: 'error.tooManyRequests',
      data: { retry_after_seconds: 1 },
    });
    expect(gate.queued).toBe(2);
    release.resolve();
    await Promise.all(admitted);
    expect(ran).toBe(3);
    await gate.run(work);
    expect(ran).toBe(4);
  });

  it('frees the slot when the work fails, and the next one in the queue runs', async () => {
    const gate = createConcurrencyGate({ maxActive: 1, maxQueued: 1 });
    const failing = deferred();
    const first = gate.run(() => failing.promise);
    const second = gate.run(async () => 'second');
    failing.reject(new Error('scrypt failed'));
    await expect(first).rejects.toThrow('scrypt failed');
    expect(await second).toBe('second');
    expect({ active: gate.active, queued: gate.queued }).toEqual({ active: 0, queued: 0 });
  });

  it('sizes itself from the thread pool as libuv reads it: one thread left for file reads, a queue of 4 per slot', () => {
    expect(scryptGateSize(undefined)).toEqual({ maxActive: 3, maxQueued: 12 });
    expect(scryptGateSize('4')).toEqual({ maxActive: 3, maxQueued: 12 });
    expect(scryptGateSize('16')).toEqual({ maxActive: 15, maxQueued: 60 });
    expect(scryptGateSize('2')).toEqual({ maxActive: 1, maxQueued: 4 });
    expect(scryptGateSize('1')).toEqual({ maxActive: 1, maxQueued: 4 });
    for (const [value, pool] of [
      ['', 1],
      ['0', 1],
      ['abc', 1],
      ['2.5', 2],
      ['99999', 1024],
      ['-3', 1024],
    ] as const) {
      expect(threadPoolSize(value), value).toBe(pool);
    }
  });
});

describe('password hasher behind the gate', () => {
  it('never runs more scrypt derivations at once than the gate allows, and refuses beyond its queue', async () => {
    const hasher = createPasswordHasher({ cost: 2 ** 10, maxConcurrent: 1, maxQueued: 2 });
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => hasher.hash('a'.repeat(64))));
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(refused).toHaveLength(3);
    for (const o of refused) {
      expect((o as PromiseRejectedResult).reason).toMatchObject({ code: CODES.TOO_MANY_REQUESTS });
    }
    // verify and dummyVerify take their turn through the same gate.
    const stored = await hasher.hash('b'.repeat(64));
    const checks = await Promise.allSettled([
      hasher.verify('b'.repeat(64), stored),
      hasher.dummyVerify('b'.repeat(64)),
      hasher.verify('b'.repeat(64), stored),
      hasher.dummyVerify('c'.repeat(64)),
    ]);
    expect(checks.map((c) => c.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
  });
});
