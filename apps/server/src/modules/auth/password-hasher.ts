import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { createConcurrencyGate, scryptGateSize } from './concurrency-gate.ts';

/**
 * Server-side password storage (DESIGN.md §7 "Password login"): scrypt of the client hash
 * (never the password itself, see client-password-hash.ts) with a per-user 16-byte salt.
 * Stored as `scrypt$N$r$p$saltB64$hashB64`, so the parameters can be raised later and old hashes
 * still verify (`needsRehash` tells the login flow when to re-store).
 *
 * Every derivation (hash, verify, dummyVerify: login, registration, set password) passes one gate per
 * hasher (concurrency-gate.ts, issue 32 §4): a few at a time on Node's thread pool, a bounded queue,
 * and beyond it a 429 "too many requests" (AppError) thrown by the method, before any work.
 */
export type PasswordHasher = {
  hash(clientHash: string): Promise<string>;
  verify(clientHash: string, stored: string): Promise<boolean>;
  /** Spends the time of one verification and returns false: used when the phone is unknown, so
   * response time does not reveal whether an account exists. */
  dummyVerify(clientHash?: string): Promise<false>;
  /** True when `stored` was made with other parameters than the current ones. */
  needsRehash(stored: string): boolean;
};

export type PasswordHasherOptions = {
  /** scrypt cost N, a power of two. Production 2^17; tests lower it (e.g. 2^10) through configuration. */
  cost?: number;
  blockSize?: number;
  parallelization?: number;
  /** Derivations at once; by default every thread of the pool but one (`scryptGateSize`). */
  maxConcurrent?: number;
  /** Derivations waiting for a slot before the next is refused; by default 4 per slot. */
  maxQueued?: number;
};

export const DEFAULT_SCRYPT_COST = 2 ** 17;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
// scrypt needs about 128 * N * r bytes: 128 MiB for N=2^17, r=8. Node refuses anything above its
// default maxmem of 32 MiB, so the limit is raised explicitly (twice the need, at least 256 MiB).
const MIN_MAXMEM = 256 * 1024 * 1024;
// Upper bounds for parameters read back from storage, so a corrupt row cannot make us allocate gigabytes.
const MAX_COST = 2 ** 20;
const MAX_BLOCK_SIZE = 32;
const MAX_PARALLELIZATION = 16;

type Params = { N: number; r: number; p: number };

function isPowerOfTwo(n: number): boolean {
  return Number.isSafeInteger(n) && n > 1 && (n & (n - 1)) === 0;
}

function checkParams({ N, r, p }: Params): boolean {
  return (
    isPowerOfTwo(N) &&
    N <= MAX_COST &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= MAX_BLOCK_SIZE &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= MAX_PARALLELIZATION
  );
}

function deriveNow(clientHash: string, salt: Buffer, { N, r, p }: Params): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: Math.max(MIN_MAXMEM, 256 * N * r) };
  return new Promise((resolve, reject) => {
    scrypt(clientHash, salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const B64 = /^[A-Za-z0-9+/]+={0,2}$/;
const INT = /^[1-9]\d{0,9}$/;

function parse(stored: string): (Params & { salt: Buffer; key: Buffer }) | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  if (!INT.test(n) || !INT.test(r) || !INT.test(p) || !B64.test(salt) || !B64.test(key)) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!checkParams(params)) return null;
  const saltBytes = Buffer.from(salt, 'base64');
  const keyBytes = Buffer.from(key, 'base64');
  if (saltBytes.length < SALT_BYTES || keyBytes.length !== KEY_BYTES) return null;
  return { ...params, salt: saltBytes, key: keyBytes };
}

export function createPasswordHasher(options: PasswordHasherOptions = {}): PasswordHasher {
  const current: Params = {
    N: options.cost ?? DEFAULT_SCRYPT_COST,
    r: options.blockSize ?? 8,
    p: options.parallelization ?? 1,
  };
  if (!checkParams(current))
    throw new Error(`Invalid scrypt parameters N=${current.N} r=${current.r} p=${current.p}`);
  const size = scryptGateSize(process.env.UV_THREADPOOL_SIZE);
  const gate = createConcurrencyGate({
    maxActive: options.maxConcurrent ?? size.maxActive,
    maxQueued: options.maxQueued ?? size.maxQueued,
  });
  const derive = (clientHash: string, salt: Buffer, params: Params) =>
    gate.run(() => deriveNow(clientHash, salt, params));
  const dummySalt = randomBytes(SALT_BYTES);
  const dummyKey = randomBytes(KEY_BYTES);

  return {
    async hash(clientHash) {
      const salt = randomBytes(SALT_BYTES);
      const key = await derive(clientHash, salt, current);
      return `scrypt$${current.N}$${current.r}$${current.p}$${salt.toString('base64')}$${key.toString('base64')}`;
    },

    async verify(clientHash, stored) {
      const parsed = parse(stored);
      if (!parsed) return false;
      const key = await derive(clientHash, parsed.salt, parsed);
      return timingSafeEqual(key, parsed.key);
    },

    async dummyVerify(clientHash = '') {
      // Same parameters and the same comparison as a real verification of a current hash.
      const key = await derive(clientHash, dummySalt, current);
      timingSafeEqual(key, dummyKey);
      return false;
    },

    needsRehash(stored) {
      const parsed = parse(stored);
      return !parsed || parsed.N !== current.N || parsed.r !== current.r || parsed.p !== current.p;
    },
  };
}
