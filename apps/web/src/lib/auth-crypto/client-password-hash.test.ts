import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientPasswordHash, sha256Hex } from './client-password-hash.ts';

/** The formula of DESIGN.md §6, computed with node:crypto as the reference. */
function reference(password: string, mobile: string): string {
  const inner = createHash('sha256').update(password, 'utf8').digest('hex');
  return createHash('sha256')
    .update(inner + mobile, 'utf8')
    .digest('hex');
}

describe('clientPasswordHash (web)', () => {
  it('equals the known vector with Web Crypto', async () => {
    const expected = reference('demo1234', '13800138000');
    expect(expected).toBe('e3274f23fbfe9fe1e5fb723321428ce2dc69e765bd68e6b2e9eaebd672146a32');
    expect(await clientPasswordHash('demo1234', '13800138000')).toBe(expected);
  });

  it('equals the known vector without Web Crypto (insecure context fallback)', async () => {
    expect(await clientPasswordHash('demo1234', '13800138000', undefined)).toBe(
      reference('demo1234', '13800138000'),
    );
  });

  it('encodes non-ASCII passwords as UTF-8 on both paths', async () => {
    const expected = reference('密码Pässw0rd 🙂', '13912345678');
    expect(await clientPasswordHash('密码Pässw0rd 🙂', '13912345678')).toBe(expected);
    expect(await clientPasswordHash('密码Pässw0rd 🙂', '13912345678', undefined)).toBe(expected);
  });

  it('the fallback SHA-256 agrees with node:crypto on any input, across block boundaries', () => {
    for (const len of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const s = 'a'.repeat(len);
      expect(sha256Hex(s)).toBe(createHash('sha256').update(s).digest('hex'));
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
        expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
      }),
      { numRuns: 100 },
    );
  });
});
