import { CODES } from '@app/contract/codes';
import { AppError } from '../../http/app-error.ts';

/**
 * Admission of expensive work on Node's thread pool (issue 32 §4): at most `maxActive` run at once,
 * up to `maxQueued` more wait in arrival order, and anything beyond is refused at once with the
 * "too many requests" 429 (a short retry_after_seconds: a slot frees within a derivation's time).
 * Per process: each instance protects its own thread pool.
 */
export type ConcurrencyGate = {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Work running now. */
  readonly active: number;
  /** Work waiting for a slot. */
  readonly queued: number;
};

export type ConcurrencyGateOptions = { maxActive: number; maxQueued: number };

export const GATE_RETRY_AFTER_SECONDS = 1;

/** The gate's own refusal (the work never started), as opposed to a refusal by the work itself. */
export class GateFullError extends AppError {
  constructor() {
    super(
      CODES.TOO_MANY_REQUESTS,
      'error.tooManyRequests',
      {},
      { retry_after_seconds: GATE_RETRY_AFTER_SECONDS },
    );
  }
}

export function isGateRefusal(error: unknown): error is GateFullError {
  return error instanceof GateFullError;
}

export function createConcurrencyGate({ maxActive, maxQueued }: ConcurrencyGateOptions): ConcurrencyGate {
  let active = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so `active` never dips and a newcomer cannot
    // jump the queue between the release and the wake-up.
    if (next) next();
    else active--;
  };

  return {
    async run(work) {
      if (active < maxActive) active++;
      else if (waiting.length < maxQueued) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new GateFullError();
      try {
        return await work();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}

const DEFAULT_THREAD_POOL = 4;
const MAX_THREAD_POOL = 1024;
const QUEUE_PER_SLOT = 4;

/**
 * The size of libuv's thread pool as libuv reads UV_THREADPOOL_SIZE at start (threadpool.c): 4
 * when unset, otherwise `atoi` of it into an unsigned count, 0 (or junk) becoming 1 and anything
 * above 1024 (a negative number wraps there) becoming 1024.
 */
export function threadPoolSize(value: string | undefined): number {
  if (value === undefined) return DEFAULT_THREAD_POOL;
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n) || n === 0) return 1;
  if (n < 0 || n > MAX_THREAD_POOL) return MAX_THREAD_POOL;
  return n;
}

/**
 * The scrypt gate's size from the thread pool (UV_THREADPOOL_SIZE): scrypt gets every thread but
 * one, so file reads (avatars, courseware, the web app's files), DNS lookups and zlib always find a
 * free thread; a review saw avatar fetches go from 2 ms to over a second while 60 logins held all
 * four. At least 1 (a pool of 1 is shared, as before). The queue holds 4 per slot: with a 128 MiB
 * derivation taking about 0.37 s, the last in line waits about 1.5 s, and memory stays at
 * `maxActive` × 128 MiB however many requests arrive.
 */
export function scryptGateSize(value: string | undefined): ConcurrencyGateOptions {
  const maxActive = Math.max(1, threadPoolSize(value) - 1);
  return { maxActive, maxQueued: QUEUE_PER_SLOT * maxActive };
}
