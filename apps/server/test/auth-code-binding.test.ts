import { describe, expect, it } from 'vitest';
import { studentsRepository } from '../src/modules/students/students.repository.ts';
import {
  fastestOfEachUntil,
  MINUTE,
  envelope,
  knownPhones,
  loginBySms,
  loginSms,
  postReg,
  requestCode,
  requestCodeAndChallenge,
  uniqueMobile,
} from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Nobody can lock a student out (issue #11 points 5-6, DESIGN.md §7 "Code binding"): tries of a
 * code count in two buckets (with its challenge / without), failed checks are limited per client
 * IP (IPv6 per /64), and /user/reg on a registered phone leaves the code usable.
 */

const ATTACKER = '198.51.100.66';
const STUDENT = '203.0.113.20';

const WRONG = 'Wrong verification code';
const TOO_MANY = 'Too many wrong codes, please request a new one';

/** A 6-digit code other than `code`. */
const wrongFor = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

/** The newest code row of a phone. */
async function codeRow(t: TestApp, mobile: string) {
  return t.db
    .selectFrom('sms_code')
    .select(['attempts', 'challenge_attempts', 'consumed_at', 'challenge_hash'])
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('code binding: the challenge of a send', () => {
  it('is 128 random bits, new with every send, and stored only as a hash', async () => {
    const t = await createTestApp();
    const a = await requestCodeAndChallenge(t, uniqueMobile(), { ip: '192.0.2.1' });
    const b = await requestCodeAndChallenge(t, uniqueMobile(), { ip: '192.0.2.2' });
    expect(Buffer.from(a.challengeId, 'base64url')).toHaveLength(16);
    expect(a.challengeId).not.toBe(b.challengeId);
    const rows = await t.db.selectFrom('sms_code').select('challenge_hash').execute();
    expect(rows.map((r) => r.challenge_hash)).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.stringMatching(/^[0-9a-f]{64}$/),
    ]);
    expect(JSON.stringify(rows)).not.toContain(a.challengeId);
  });

  it('lets the student log in with code + challenge after five and more wrong guesses without it', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const { code, challengeId } = await requestCodeAndChallenge(t, mobile, { ip: STUDENT });
    // The attacker never saw the challenge: no challenge, a made-up one, or another send's.
    const other = await requestCodeAndChallenge(t, uniqueMobile(), { ip: '192.0.2.9' });
    const attempts = [{}, {}, { challengeId: 'A'.repeat(22) }, {}, { challengeId: other.challengeId }];
    for (const [i, extra] of attempts.entries()) {
      const reply = await loginSms(t, mobile, wrongFor(code, i + 1), { ip: ATTACKER, ...extra });
      expect(reply.statusCode).toBe(400);
      expect(envelope(reply).msg).toBe(i < 4 ? WRONG : TOO_MANY);
    }
    for (let i = 0; i < 3; i++) {
      const more = await loginSms(t, mobile, wrongFor(code, 10 + i), { ip: ATTACKER });
      expect(envelope(more).msg).toBe(TOO_MANY);
    }
    // Without the challenge even the right code is refused now: that bucket is used up ...
    expect(envelope(await loginSms(t, mobile, code, { ip: ATTACKER })).msg).toBe(TOO_MANY);
    expect(await codeRow(t, mobile)).toMatchObject({ attempts: 5, challenge_attempts: 0, consumed_at: null });
    // ... but the student who asked for the code still logs in with it.
    const reply = await loginSms(t, mobile, code, { ip: STUDENT, challengeId });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(envelope(reply).data).toMatchObject({ token: expect.any(String) });
  });

  it('burns the code after five wrong tries with the challenge, for everyone', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const { code, challengeId } = await requestCodeAndChallenge(t, mobile);
    for (let i = 1; i <= 5; i++) {
      const reply = await loginSms(t, mobile, wrongFor(code, i), { challengeId });
      expect(reply.statusCode).toBe(400);
      expect(envelope(reply).msg).toBe(i < 5 ? WRONG : TOO_MANY);
    }
    expect(envelope(await loginSms(t, mobile, code, { challengeId })).msg).toBe(TOO_MANY);
    expect(envelope(await loginSms(t, mobile, code)).msg).toBe(TOO_MANY);
    expect(envelope(await postReg(t, mobile, 'secret-pass', code, { challengeId })).msg).toBe(TOO_MANY);
    expect(await codeRow(t, mobile)).toMatchObject({ attempts: 0, challenge_attempts: 5, consumed_at: null });
    // A new code (after the 60 s) works again.
    t.clock.advance(61_000);
    const fresh = await requestCodeAndChallenge(t, mobile);
    const reply = await loginSms(t, mobile, fresh.code, { challengeId: fresh.challengeId });
    expect(reply.statusCode).toBe(200);
  });

  it('counts the two buckets apart: four wrong in each, then the right code still logs in', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const { code, challengeId } = await requestCodeAndChallenge(t, mobile);
    for (let i = 1; i <= 4; i++) {
      expect(envelope(await loginSms(t, mobile, wrongFor(code, i))).msg).toBe(WRONG);
      expect(envelope(await loginSms(t, mobile, wrongFor(code, 20 + i), { challengeId })).msg).toBe(WRONG);
    }
    expect(await codeRow(t, mobile)).toMatchObject({ attempts: 4, challenge_attempts: 4 });
    expect((await loginSms(t, mobile, code, { challengeId })).statusCode).toBe(200);
  });

  it('keeps SPEC.md call shape working: the right code without challenge_id logs in', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const code = await requestCode(t, mobile);
    expect(envelope(await loginSms(t, mobile, wrongFor(code))).msg).toBe(WRONG);
    expect((await loginSms(t, mobile, code)).statusCode).toBe(200);
  });

  it('binds /user/reg the same way: the student registers after five wrong guesses without the challenge', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const { code, challengeId } = await requestCodeAndChallenge(t, mobile, { ip: STUDENT });
    for (let i = 1; i <= 6; i++) {
      const reply = await postReg(t, mobile, 'x-password', wrongFor(code, i), { ip: ATTACKER });
      expect(envelope(reply).msg).toBe(i < 5 ? WRONG : TOO_MANY);
    }
    const reply = await postReg(t, mobile, 'secret-pass', code, { ip: STUDENT, challengeId });
    expect(reply.statusCode, reply.body).toBe(200);
  });

  it('refuses a challenge_id that is not a short string with 400, costing no try', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const { code } = await requestCodeAndChallenge(t, mobile);
    for (const challenge_id of [123, null, 'x'.repeat(65), ['a']]) {
      const reply = await loginSms(t, mobile, code, { challengeId: challenge_id as unknown as string });
      expect(reply.statusCode, JSON.stringify(challenge_id)).toBe(400);
      expect(envelope(reply)).toEqual({ code: 400, data: null, msg: 'Invalid value for challenge_id' });
    }
    expect(await codeRow(t, mobile)).toMatchObject({ attempts: 0, challenge_attempts: 0 });
    expect(await t.db.selectFrom('sms_code_failure').selectAll().execute()).toEqual([]);
  });
});

describe('failed code checks per client IP', () => {
  it('refuses checks beyond 30 failures per IP in 15 min with 429, even for other phones', async () => {
    const t = await createTestApp();
    // Six phones with live codes (sent from elsewhere), five wrong guesses each from one IP.
    const phones = [];
    for (let i = 0; i < 6; i++) {
      const mobile = uniqueMobile();
      phones.push({ mobile, ...(await requestCodeAndChallenge(t, mobile, { ip: `192.0.2.${i + 1}` })) });
    }
    for (const { mobile, code } of phones) {
      for (let i = 1; i <= 5; i++) {
        const reply = await loginSms(t, mobile, wrongFor(code, i), { ip: ATTACKER });
        expect(reply.statusCode).toBe(400);
      }
    }
    // A seventh phone: the attacker's next check is refused before the code is looked at.
    const victim = uniqueMobile();
    const { code, challengeId } = await requestCodeAndChallenge(t, victim, { ip: STUDENT });
    const refused = await loginSms(t, victim, code, { ip: ATTACKER, lang: 'zh-Hans' });
    expect(refused.statusCode).toBe(429);
    // The window started with the first failure, a moment (real time) before this refusal.
    expect(envelope(refused)).toEqual({
      code: 429,
      data: { retry_after_seconds: expect.any(Number) },
      msg: '当前网络验证码错误次数过多，请 15 分钟后再试',
    });
    const retryAfter = (envelope(refused).data as { retry_after_seconds: number }).retry_after_seconds;
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const en = await postReg(t, victim, 'secret-pass', wrongFor(code), { ip: ATTACKER });
    expect(envelope(en)).toMatchObject({
      code: 429,
      msg: 'Too many wrong verification codes from your network, please try again in 15 minutes',
    });
    // The refused checks took no try from the victim's code, who logs in from their own network.
    expect(await codeRow(t, victim)).toMatchObject({ attempts: 0, challenge_attempts: 0 });
    expect((await loginSms(t, victim, code, { ip: STUDENT, challengeId })).statusCode).toBe(200);
    // The window rolls: 15 min after the failures the network may check codes again.
    t.clock.advance(15 * MINUTE);
    const later = await loginSms(t, phones[0]!.mobile, '000000', { ip: ATTACKER });
    expect(later.statusCode).toBe(400);
  });

  it('does not count right codes against the IP', async () => {
    const t = await createTestApp();
    for (let i = 1; i <= 29; i++) {
      expect((await loginSms(t, uniqueMobile(), '123456', { ip: ATTACKER })).statusCode).toBe(400);
    }
    // Students behind the same network keep logging in; each success leaves the count at 29.
    for (let i = 0; i < 3; i++) {
      const mobile = uniqueMobile();
      const { code, challengeId } = await requestCodeAndChallenge(t, mobile, { ip: ATTACKER });
      expect((await loginSms(t, mobile, code, { ip: ATTACKER, challengeId })).statusCode).toBe(200);
    }
    expect((await loginSms(t, uniqueMobile(), '123456', { ip: ATTACKER })).statusCode).toBe(400);
    expect((await loginSms(t, uniqueMobile(), '123456', { ip: ATTACKER })).statusCode).toBe(429);
  });

  it('counts IPv6 addresses of one /64 together, and another /64 apart', async () => {
    const t = await createTestApp();
    for (let i = 1; i <= 30; i++) {
      const ip = `2001:db8:1:2:${i.toString(16)}:${((i * 7919) % 0x10000).toString(16)}::${i.toString(16)}`;
      expect((await loginSms(t, uniqueMobile(), '123456', { ip })).statusCode).toBe(400);
    }
    const sameNet = await loginSms(t, uniqueMobile(), '123456', { ip: '2001:db8:1:2:ffff:ffff:ffff:fffe' });
    expect(sameNet.statusCode).toBe(429);
    const otherNet = await loginSms(t, uniqueMobile(), '123456', { ip: '2001:db8:1:3::1' });
    expect(otherNet.statusCode).toBe(400);
    const keys = await t.db.selectFrom('sms_code_failure').select('ip').distinct().execute();
    expect(keys.map((k) => k.ip).sort()).toEqual(['2001:db8:1:2::/64', '2001:db8:1:3::/64']);
  });

  it('counts concurrent wrong checks: no more than 30 are checked', async () => {
    const t = await createTestApp();
    const replies = await Promise.all(
      Array.from({ length: 40 }, () => loginSms(t, uniqueMobile(), '123456', { ip: ATTACKER })),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await t.db.selectFrom('sms_code_failure').selectAll().execute()).toHaveLength(30);
  });
});

describe('POST /user/reg keeps the code of a registered phone', () => {
  it('answers 409 for a registered phone, and the same code then logs in', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    await loginBySms(t, mobile);
    t.clock.advance(61_000);
    const { code, challengeId } = await requestCodeAndChallenge(t, mobile);
    for (let i = 0; i < 6; i++) {
      const reply = await postReg(t, mobile, 'secret-pass', code, { challengeId });
      expect(reply.statusCode).toBe(409);
      expect(envelope(reply)).toEqual({
        code: 409,
        data: null,
        msg: 'This phone number is already registered, please log in',
      });
    }
    // The right code took no try and was not used: more 409s than the bucket has tries, then a login.
    expect(await codeRow(t, mobile)).toMatchObject({ attempts: 0, challenge_attempts: 0, consumed_at: null });
    expect(await t.db.selectFrom('sms_code_failure').selectAll().execute()).toEqual([]);
    const login = await loginSms(t, mobile, code, { challengeId });
    expect(login.statusCode, login.body).toBe(200);
    // SPEC.md's call shape (no challenge) gets the same 409 and keeps the code too.
    t.clock.advance(61_000);
    const plain = await requestCode(t, mobile);
    expect((await postReg(t, mobile, 'secret-pass', plain)).statusCode).toBe(409);
    expect((await loginSms(t, mobile, plain)).statusCode).toBe(200);
  });

  it('answers a wrong code the same for a registered and an unregistered phone, after the same work', async () => {
    const t = await createTestApp();
    const registered = uniqueMobile();
    await studentsRepository.insertStudentIfAbsent(
      t.db,
      { mobile: registered, nick: 'x', passwordHash: null },
      1,
    );
    const unknown = uniqueMobile();
    const a = await requestCodeAndChallenge(t, registered, { ip: '192.0.2.1' });
    const b = await requestCodeAndChallenge(t, unknown, { ip: '192.0.2.2' });
    for (let i = 1; i <= 6; i++) {
      const ra = await postReg(t, registered, 'secret-pass', wrongFor(a.code, i), { ip: '192.0.2.1' });
      const rb = await postReg(t, unknown, 'secret-pass', wrongFor(b.code, i), { ip: '192.0.2.2' });
      expect(ra.statusCode).toBe(400);
      expect([rb.statusCode, rb.body]).toEqual([ra.statusCode, ra.body]);
    }
    // Both codes counted the same tries; both phones are where they were.
    const rows = await t.db.selectFrom('sms_code').select(['mobile', 'attempts']).orderBy('id').execute();
    expect(rows).toEqual([
      { mobile: registered, attempts: 5 },
      { mobile: unknown, attempts: 5 },
    ]);
    expect(await studentsRepository.findStudentByMobile(t.db, unknown)).toBeUndefined();
    // No code at all: the same reply too.
    const none1 = uniqueMobile();
    await studentsRepository.insertStudentIfAbsent(t.db, { mobile: none1, nick: 'x', passwordHash: null }, 1);
    const none2 = uniqueMobile();
    const na = await postReg(t, none1, 'secret-pass', '123456', { ip: '192.0.2.3' });
    const nb = await postReg(t, none2, 'secret-pass', '123456', { ip: '192.0.2.4' });
    expect([na.statusCode, na.body]).toEqual([nb.statusCode, nb.body]);

    // Timing: the fastest of several wrong-code registrations each, alternating (distinct IPs: no
    // limit interferes). The code is requested outside the timed part.
    const wrongReg = async (phone: string, ip: string) => {
      const code = await requestCode(t, phone, { ip });
      return async () =>
        expect((await postReg(t, phone, 'secret-pass', wrongFor(code), { ip })).statusCode).toBe(400);
    };
    const withinBounds = (knownMs: number, unknownMs: number) => Math.abs(knownMs - unknownMs) < 25;
    const [knownMs, unknownMs] = await fastestOfEachUntil(
      async (i) => wrongReg((await knownPhones(t, 1))[0]!, `198.18.1.${i + 1}`),
      async (i) => wrongReg(uniqueMobile(), `198.18.2.${i + 1}`),
      withinBounds,
    );
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(25);
  });

  it('creates one student when two registrations race with one code', async () => {
    const t = await createTestApp();
    const mobile = uniqueMobile();
    const { code, challengeId } = await requestCodeAndChallenge(t, mobile);
    const replies = await Promise.all([
      postReg(t, mobile, 'first-pass', code, { challengeId }),
      postReg(t, mobile, 'second-pass', code, { challengeId }),
    ]);
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    const students = await t.db.selectFrom('student').select('mobile').execute();
    expect(students).toEqual([{ mobile }]);
    expect((await codeRow(t, mobile)).consumed_at).not.toBeNull();
  });
});
