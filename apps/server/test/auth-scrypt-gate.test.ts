import { describe, expect, it } from 'vitest';
import { message } from '@app/contract/messages';
import { envelope, loginPassword, register, uniqueMobile } from './helpers/auth.ts';
import { createTestApp } from './helpers/test-app.ts';

/**
 * Issue 32 §4: scrypt runs a few at a time behind a bounded queue (modules/auth/concurrency-gate.ts);
 * a flood of password logins gets "too many requests" refusals instead of occupying Node's thread
 * pool, never a 500, and the refusals count as nobody's wrong password.
 */

describe('scrypt admission under a flood of password logins', () => {
  it('refuses the overflow with 429 "too many requests" envelopes, answers the rest, and never 500', async () => {
    // 32 MiB per derivation: slow enough (tens of ms) that the flood finds every slot taken.
    const t = await createTestApp({ env: { SCRYPT_COST: String(2 ** 15) } });
    const students = Array.from({ length: 4 }, () => uniqueMobile());
    for (const [i, mobile] of students.entries()) {
      await register(t, mobile, 'flood-pass-1', { ip: `198.51.100.${i + 1}` });
    }
    // Mostly unknown phones (their dummy verification costs the same scrypt), a few real students
    // with their right password; one address per request, so no per-IP or per-phone limit is what
    // refuses: only the scrypt queue.
    const phones = [...students, ...Array.from({ length: 56 }, () => uniqueMobile())];
    const langOf = (i: number) => (i % 2 ? 'en' : 'zh-Hans');
    const replies = await Promise.all(
      phones.map((mobile, i) =>
        loginPassword(t, mobile, 'flood-pass-1', { ip: `203.0.113.${i + 1}`, lang: langOf(i) }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(
      statuses.every((s) => s === 200 || s === 400 || s === 429),
      statuses.join(','),
    ).toBe(true);
    const refused = replies.flatMap((reply, i) => (reply.statusCode === 429 ? [{ reply, i }] : []));
    expect(refused.length, statuses.join(',')).toBeGreaterThan(0);
    // The queue holds several per slot: a good part of the flood is still answered.
    expect(refused.length, statuses.join(',')).toBeLessThan(55);
    for (const { reply, i } of refused) {
      const body = envelope(reply);
      expect(body).toMatchObject({ code: 429, msg: message('error.tooManyRequests', langOf(i)) });
      expect((body.data as { retry_after_seconds: number }).retry_after_seconds).toBeGreaterThan(0);
    }
    for (const [i, reply] of replies.entries()) {
      if (reply.statusCode === 400)
        expect(envelope(reply).msg).toBe(message('auth.passwordWrong', langOf(i)));
    }

    // A refusal was not a wrong password: no student is locked out, each password still logs in.
    for (const [i, mobile] of students.entries()) {
      const after = await loginPassword(t, mobile, 'flood-pass-1', { ip: `198.51.100.${i + 101}` });
      expect(after.statusCode, after.body).toBe(200);
    }
    const unsettled = await t.db
      .selectFrom('password_attempt')
      .select('outcome')
      .where('outcome', '=', 'pending')
      .execute();
    expect(unsettled).toEqual([]);
  }, 60_000);
});
