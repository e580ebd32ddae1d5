import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientPasswordHash } from './client-password-hash.ts';
import { DEFAULT_SCRYPT_COST, createPasswordHasher } from './password-hasher.ts';

const hasher = createPasswordHasher({ cost: 2 ** 10 });
const clientHash = clientPasswordHash('demo1234', '13800138000');

describe('password hasher (scrypt of the client hash)', () => {
  it('stores scrypt$N$r$p$salt$hash with a 16-byte salt and a 32-byte key', async () => {
    const stored = await hasher.hash(clientHash);
    const parts = stored.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(Buffer.from(parts[4]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5]!, 'base64')).toHaveLength(32);
    expect(stored).not.toContain(clientHash);
  });

  it('uses a new salt every time', async () => {
    expect(await hasher.hash(clientHash)).not.toBe(await hasher.hash(clientHash));
  });

  it('verifies the right client hash and refuses a wrong one', async () => {
    const stored = await hasher.hash(clientHash);
    expect(await hasher.verify(clientHash, stored)).toBe(true);
    expect(await hasher.verify(clientPasswordHash('demo1235', '13800138000'), stored)).toBe(false);
    expect(await hasher.verify(clientPasswordHash('demo1234', '13800138001'), stored)).toBe(false);
  });

  it('verifies hashes made with other parameters and says they need a rehash', async () => {
    const old = await createPasswordHasher({ cost: 2 ** 11 }).hash(clientHash);
    expect(await hasher.verify(clientHash, old)).toBe(true);
    expect(hasher.needsRehash(old)).toBe(true);
    expect(hasher.needsRehash(await hasher.hash(clientHash))).toBe(false);
  });

  it('refuses malformed, tampered and absurd stored values without throwing', async () => {
    const stored = await hasher.hash(clientHash);
    const parts = stored.split('$');
    const tamperedKey = Buffer.from(parts[5]!, 'base64');
    tamperedKey[0] = tamperedKey[0]! ^ 1;
    const bad = [
      '',
      'plain',
      stored.replace('scrypt$', 'bcrypt$'),
      [...parts.slice(0, 5), tamperedKey.toString('base64')].join('$'),
      [parts[0], '1000', ...parts.slice(2)].join('$'), // not a power of two
      [parts[0], String(2 ** 30), ...parts.slice(2)].join('$'), // would allocate too much
      [...parts.slice(0, 5), Buffer.alloc(16).toString('base64')].join('$'), // short key
      `${stored}$extra`,
    ];
    for (const value of bad) expect(await hasher.verify(clientHash, value)).toBe(false);
  });

  it('never verifies random strings against a real hash', async () => {
    const stored = await hasher.hash(clientHash);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (s) => {
        fc.pre(s !== clientHash);
        expect(await hasher.verify(s, stored)).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  it('never accepts random strings as stored values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120 }), async (s) => {
        expect(await hasher.verify(clientHash, s)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('dummyVerify runs a full derivation and returns false', async () => {
    expect(await hasher.dummyVerify(clientHash)).toBe(false);
    expect(await hasher.dummyVerify()).toBe(false);
  });

  it('dummyVerify costs about as much as a real verification', async () => {
    const slower = createPasswordHasher({ cost: 2 ** 14 });
    const stored = await slower.hash(clientHash);
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      await fn();
      return performance.now() - start;
    };
    // Interleaved, and the fastest of each kind compared: a busy machine (CI runs suites side by
    // side) only slows runs down, so the fastest of each tends to its true cost. Five rounds at
    // least, and up to twenty while the two are apart (on a loaded CI machine the five dummies of
    // one run were all slowed, 200 ms against a real one of 56 ms): a no-op dummy (about 0 ms) or
    // one many times a verification never comes within the bounds, however many rounds.
    const real: number[] = [];
    const dummy: number[] = [];
    const within = () =>
      Math.min(...dummy) > Math.min(...real) * 0.3 && Math.min(...dummy) < Math.min(...real) * 3;
    for (let i = 0; i < 20 && (i < 5 || !within()); i++) {
      real.push(await time(() => slower.verify(clientHash, stored)));
      dummy.push(await time(() => slower.dummyVerify(clientHash)));
    }
    expect(Math.min(...dummy)).toBeGreaterThan(Math.min(...real) * 0.3); // a no-op dummy would be ~0
    expect(Math.min(...dummy)).toBeLessThan(Math.min(...real) * 3);
  });

  it('runs with the production parameters (N=2^17, r=8: needs maxmem above 32 MiB)', async () => {
    const production = createPasswordHasher();
    const stored = await production.hash(clientHash);
    expect(stored.startsWith(`scrypt$${DEFAULT_SCRYPT_COST}$8$1$`)).toBe(true);
    expect(await production.verify(clientHash, stored)).toBe(true);
  });

  it('refuses invalid configured parameters', () => {
    expect(() => createPasswordHasher({ cost: 1000 })).toThrow(/scrypt/);
  });
});

describe('clientPasswordHash (server copy)', () => {
  it('is hex(sha256(hex(sha256(password)) + mobile)), vectors computed with sha256sum', () => {
    expect(clientPasswordHash('demo1234', '13800138000')).toBe(
      'e3274f23fbfe9fe1e5fb723321428ce2dc69e765bd68e6b2e9eaebd672146a32',
    );
    // UTF-8 encoding of non-ASCII passwords
    expect(clientPasswordHash('密码Pässw0rd', '13912345678')).toBe(
      'fd6bb727727f53637e221d45e54618f4093cdf9a8aaa3eda93a63fab4f1dd00d',
    );
  });
});
