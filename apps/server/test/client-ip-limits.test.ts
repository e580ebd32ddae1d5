import { describe, expect, it } from 'vitest';
import { envelope, loginPassword, sendCode, uniqueMobile } from './helpers/auth.ts';
import { createTestApp } from './helpers/test-app.ts';

/**
 * Issue 11, point 4 (DESIGN.md §7): every per-IP limit counts an IPv6 client by its /64 prefix, since
 * one subscriber routinely holds a whole /64 and could rotate through its addresses to escape a
 * per-address limit. An IPv4 client counts by its address.
 */

/** The `n`-th address inside the /64 `prefix` (e.g. 2001:db8:51:1), spread over the interface id. */
function addressIn(prefix: string, n: number): string {
  const group = (x: number) => (x & 0xffff).toString(16);
  return `${prefix}:${group(n * 7919 + 1)}:${group(n * 104_729 + 3)}:0:${group(n)}`;
}

describe('per-IP limits across an IPv6 /64', () => {
  it('counts SMS sends of every address of one /64 against the 20-per-hour limit of one IP', async () => {
    const t = await createTestApp();
    const prefix = '2001:db8:51:1';
    for (let i = 0; i < 20; i++) {
      const reply = await sendCode(t, uniqueMobile(), { ip: addressIn(prefix, i) });
      expect(reply.statusCode, `send ${i + 1}`).toBe(200);
    }
    const refused = await sendCode(t, uniqueMobile(), { ip: addressIn(prefix, 999) });
    expect(refused.statusCode).toBe(429);
    expect(envelope(refused).msg).toBe(
      'Too many codes requested from your network, please try again in 60 minutes',
    );
    // The neighbouring /64 is another subscriber.
    expect((await sendCode(t, uniqueMobile(), { ip: '2001:db8:51:2::1' })).statusCode).toBe(200);
  });

  it('counts password attempts of every address of one /64 against the 30-per-15-min limit of one IP', async () => {
    const t = await createTestApp();
    const prefix = '2001:db8:52:1';
    for (let i = 0; i < 30; i++) {
      // A new phone every time: the per-phone lock never applies.
      const reply = await loginPassword(t, uniqueMobile(), 'guess-pass', { ip: addressIn(prefix, i) });
      expect(reply.statusCode, `attempt ${i + 1}`).toBe(400);
    }
    const limited = await loginPassword(t, uniqueMobile(), 'guess-pass', { ip: `${prefix}::abcd` });
    expect(limited.statusCode).toBe(429);
    expect(envelope(limited)).toMatchObject({
      code: 429,
      msg: 'Too many login attempts, please try again in 15 minutes',
    });
    expect(
      (await loginPassword(t, uniqueMobile(), 'guess-pass', { ip: '2001:db8:52:2::1' })).statusCode,
    ).toBe(400);
  });
});
