import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { SignJWT, UnsecuredJWT, errors, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  createTokenSigner,
  hashRefreshToken,
  newRefreshToken,
  parseAuthorization,
} from './token-signer.ts';

const secret = new TextEncoder().encode('0123456789abcdef0123456789abcdef');
const T0 = Date.UTC(2026, 10, 22, 9, 30);

function signerAt(time: { now: number }, ttl = 1800) {
  return createTokenSigner({ secret, accessTtlSeconds: ttl, now: () => time.now });
}

function b64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A token built by hand, signed with our secret unless told otherwise. */
function handMade(header: object, payload: object, key: Uint8Array | null = secret): string {
  const signingInput = `${b64url(header)}.${b64url(payload)}`;
  const signature = key ? createHmac('sha256', key).update(signingInput).digest('base64url') : '';
  return `${signingInput}.${signature}`;
}

const INVALID = { ok: false, reason: 'invalid' };

const validPayload = () => ({
  sub: '42',
  fam: 'fam-1',
  iss: ACCESS_TOKEN_ISSUER,
  aud: ACCESS_TOKEN_AUDIENCE,
  iat: Math.floor(T0 / 1000),
  exp: Math.floor(T0 / 1000) + 600,
});

describe('access tokens', () => {
  it('round-trips student id and family id, with exp = iat + ttl', async () => {
    const time = { now: T0 };
    const signer = signerAt(time);
    const token = await signer.signAccess({ sub: 42, fam: 'fam-1' });
    expect(await signer.verifyAccess(token)).toEqual({
      ok: true,
      sub: 42,
      fam: 'fam-1',
      exp: Math.floor(T0 / 1000) + 1800,
    });
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'at+jwt' });
  });

  it('reports an expired token as expired, with no clock tolerance', async () => {
    const time = { now: T0 };
    const signer = signerAt(time, 60);
    const token = await signer.signAccess({ sub: 7, fam: 'f' });
    time.now = T0 + 59_999;
    expect((await signer.verifyAccess(token)).ok).toBe(true);
    time.now = T0 + 60_000;
    expect(await signer.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
    time.now = T0 + 3_600_000;
    expect(await signer.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a tampered signature or payload', async () => {
    const signer = signerAt({ now: T0 });
    const token = await signer.signAccess({ sub: 42, fam: 'fam-1' });
    const [h, p, s] = token.split('.') as [string, string, string];
    const flipped = s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
    expect(await signer.verifyAccess(`${h}.${p}.${flipped}`)).toEqual({ ok: false, reason: 'invalid' });
    const otherSub = b64url({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '1' });
    expect(await signer.verifyAccess(`${h}.${otherSub}.${s}`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token signed with another secret, even an expired one (not "expired")', async () => {
    const time = { now: T0 };
    const other = createTokenSigner({ secret: randomBytes(32), accessTtlSeconds: 60, now: () => time.now });
    const token = await other.signAccess({ sub: 42, fam: 'fam-1' });
    time.now = T0 + 3_600_000;
    expect(await signerAt(time).verifyAccess(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses alg none, built by hand and by jose', async () => {
    const signer = signerAt({ now: T0 });
    expect(await signer.verifyAccess(handMade({ alg: 'none', typ: 'at+jwt' }, validPayload(), null))).toEqual(
      {
        ok: false,
        reason: 'invalid',
      },
    );
    const unsecured = new UnsecuredJWT({ fam: 'fam-1' })
      .setSubject('42')
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(T0 / 1000))
      .setExpirationTime(Math.floor(T0 / 1000) + 600)
      .encode();
    expect(await signer.verifyAccess(unsecured)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('accepts a hand-built HS256 token with every claim, proving the hand-built tokens are otherwise valid', async () => {
    const signer = signerAt({ now: T0 });
    expect(
      await signer.verifyAccess(handMade({ alg: 'HS256', typ: 'at+jwt' }, validPayload())),
    ).toMatchObject({ ok: true });
  });

  it('refuses HS512 and other algorithms signed with the same secret', async () => {
    const signer = signerAt({ now: T0 });
    const hs512 = await new SignJWT({ fam: 'fam-1' })
      .setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' })
      .setSubject('42')
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(T0 / 1000))
      .setExpirationTime(Math.floor(T0 / 1000) + 600)
      .sign(new Uint8Array([...secret, ...secret]));
    expect(await signer.verifyAccess(hs512)).toEqual({ ok: false, reason: 'invalid' });
    expect(await signer.verifyAccess(handMade({ alg: 'HS384', typ: 'at+jwt' }, validPayload()))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses missing claims, wrong types, wrong issuer, audience or token type', async () => {
    const signer = signerAt({ now: T0 });
    const header = { alg: 'HS256', typ: 'at+jwt' };
    const variants: object[] = [
      { ...validPayload(), fam: undefined },
      { ...validPayload(), sub: undefined },
      { ...validPayload(), exp: undefined },
      { ...validPayload(), iat: undefined },
      { ...validPayload(), sub: 42 },
      { ...validPayload(), sub: '0' },
      { ...validPayload(), sub: '4x' },
      { ...validPayload(), fam: 7 },
      { ...validPayload(), fam: '' },
      { ...validPayload(), exp: String(validPayload().exp) },
      { ...validPayload(), iss: 'someone-else' },
      { ...validPayload(), aud: 'another-app' },
    ];
    for (const payload of variants) {
      expect(await signer.verifyAccess(handMade(header, payload)), JSON.stringify(payload)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    expect(await signer.verifyAccess(handMade({ alg: 'HS256', typ: 'JWT' }, validPayload()))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await signer.verifyAccess(handMade({ alg: 'HS256' }, validPayload()))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses empty, missing, oversize and garbage tokens', async () => {
    const signer = signerAt({ now: T0 });
    for (const token of [undefined, null, '', 'abc', 'a.b.c', 'x'.repeat(5000)]) {
      expect(await signer.verifyAccess(token)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('never verifies random strings', async () => {
    const signer = signerAt({ now: T0 });
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (s) => {
        expect((await signer.verifyAccess(s)).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('never verifies random three-part tokens', async () => {
    const signer = signerAt({ now: T0 });
    const part = fc.base64String({ maxLength: 80 }).map((s) => s.replace(/=+$/, ''));
    await fc.assert(
      fc.asyncProperty(part, part, part, async (a, b, c) => {
        expect((await signer.verifyAccess(`${a}.${b}.${c}`)).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses extensions, a future not-before, a non-object payload and a non-canonical signature', async () => {
    const signer = signerAt({ now: T0 });
    const header = { alg: 'HS256', typ: 'at+jwt' };
    const nowS = Math.floor(T0 / 1000);
    const refused = [
      handMade({ ...header, crit: ['exp'] }, validPayload()),
      handMade({ ...header, b64: false }, validPayload()),
      handMade(header, { ...validPayload(), nbf: nowS + 1 }),
      handMade(header, { ...validPayload(), nbf: 'soon' }),
      handMade(header, { ...validPayload(), iat: String(nowS) }),
      handMade(header, { ...validPayload(), aud: ['another-app'] }),
    ];
    for (const token of refused) expect(await signer.verifyAccess(token), token).toEqual(INVALID);
    // A JSON array payload, signed: not a claims set.
    const arrayPayload = Buffer.from('[1]').toString('base64url');
    const input = `${b64url(header)}.${arrayPayload}`;
    const sig = createHmac('sha256', secret).update(input).digest('base64url');
    expect(await signer.verifyAccess(`${input}.${sig}`)).toEqual(INVALID);
    // The same signature bytes in another spelling (padding) or with a character that decodes alike.
    const token = await signer.signAccess({ sub: 42, fam: 'fam-1' });
    expect(await signer.verifyAccess(`${token}=`)).toEqual(INVALID);
    // 43 characters carry 258 bits: the last one's two low bits are not part of the 32 bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(token.at(-1)!) ^ 1]!;
    const signature = token.split('.')[2]!;
    expect(Buffer.from(signature.slice(0, -1) + twin, 'base64url')).toEqual(
      Buffer.from(signature, 'base64url'),
    );
    expect(await signer.verifyAccess(token.slice(0, -1) + twin)).toEqual(INVALID);
    // Accepted: not-before now, an audience list that names us.
    expect(await signer.verifyAccess(handMade(header, { ...validPayload(), nbf: nowS }))).toMatchObject({
      ok: true,
    });
    expect(
      await signer.verifyAccess(handMade(header, { ...validPayload(), aud: ['x', ACCESS_TOKEN_AUDIENCE] })),
    ).toMatchObject({ ok: true });
  });

  it('checks a token it verified before against the clock each time, and any other text afresh', async () => {
    const time = { now: T0 };
    const signer = signerAt(time);
    const header = { alg: 'HS256', typ: 'at+jwt' };
    const nowS = Math.floor(T0 / 1000);
    // Not before a minute from now: refused now, accepted once the minute has passed.
    const later = handMade(header, { ...validPayload(), nbf: nowS + 60 });
    expect(await signer.verifyAccess(later)).toEqual(INVALID);
    time.now = T0 + 60_000;
    expect(await signer.verifyAccess(later)).toMatchObject({ ok: true, sub: 42 });
    // A copy with another payload under the same signature, asked for between two good ones.
    const token = await signer.signAccess({ sub: 7, fam: 'f' });
    const [h, , sig] = token.split('.') as [string, string, string];
    const forged = `${h}.${b64url({ ...validPayload(), sub: '8' })}.${sig}`;
    expect(await signer.verifyAccess(token)).toMatchObject({ ok: true, sub: 7 });
    expect(await signer.verifyAccess(forged)).toEqual(INVALID);
    expect(await signer.verifyAccess(token)).toMatchObject({ ok: true, sub: 7 });
    // Another secret's signer has not seen it, and refuses it.
    const other = createTokenSigner({ secret: randomBytes(32), accessTtlSeconds: 1800, now: () => time.now });
    expect(await other.verifyAccess(token)).toEqual(INVALID);
    time.now = T0 + 60_000 + 1800 * 1000;
    expect(await signer.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('calls a token expired only when it is otherwise valid', async () => {
    const signer = signerAt({ now: T0 });
    const header = { alg: 'HS256', typ: 'at+jwt' };
    const past = { ...validPayload(), exp: Math.floor(T0 / 1000) };
    expect(await signer.verifyAccess(handMade(header, past))).toEqual({ ok: false, reason: 'expired' });
    for (const payload of [
      { ...past, iss: 'x' },
      { ...past, aud: 'x' },
      { ...past, fam: undefined },
    ]) {
      expect(await signer.verifyAccess(handMade(header, payload))).toEqual(INVALID);
    }
    expect(await signer.verifyAccess(handMade({ ...header, typ: 'JWT' }, past))).toEqual(INVALID);
    expect(await signer.verifyAccess(handMade(header, past, randomBytes(32)))).toEqual(INVALID);
  });

  it('agrees with jose on random claim sets (the verifier it replaced)', async () => {
    const signer = signerAt({ now: T0 });
    const nowS = Math.floor(T0 / 1000);
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
    const claims = fc.record({
      sub: maybe(fc.constantFrom('42', '7', 42)),
      fam: maybe(fc.constantFrom('fam-1', 'f')),
      iss: maybe(fc.constantFrom(ACCESS_TOKEN_ISSUER, 'other')),
      aud: maybe(
        fc.constantFrom<unknown>(ACCESS_TOKEN_AUDIENCE, 'other', [ACCESS_TOKEN_AUDIENCE], ['other']),
      ),
      iat: maybe(fc.constantFrom<unknown>(nowS - 10, String(nowS))),
      exp: maybe(fc.constantFrom<unknown>(nowS - 1, nowS, nowS + 1, nowS + 600, 'later')),
      nbf: maybe(fc.constantFrom<unknown>(nowS - 5, nowS, nowS + 5)),
    });
    const headers = fc.record({
      alg: fc.constantFrom('HS256', 'HS384', 'none'),
      typ: maybe(fc.constantFrom('at+jwt', 'JWT')),
    });
    const key = fc.constantFrom<Uint8Array | null>(secret, randomBytes(32), null);
    await fc.assert(
      fc.asyncProperty(headers, claims, key, async (header, payload, signingKey) => {
        const token = handMade(header, payload, signingKey);
        let expected: { ok: boolean; reason?: string };
        try {
          await jwtVerify(token, secret, {
            algorithms: ['HS256'],
            issuer: ACCESS_TOKEN_ISSUER,
            audience: ACCESS_TOKEN_AUDIENCE,
            typ: 'at+jwt',
            requiredClaims: ['sub', 'fam', 'exp', 'iat'],
            clockTolerance: 0,
            currentDate: new Date(T0),
          });
          // jose checks no format of sub and fam: ours refuses what we never sign.
          expected = payload.sub === '42' || payload.sub === '7' ? { ok: true } : { ok: false };
        } catch (err) {
          // jose tests the expiry before our formats of sub and fam, which we test first.
          const expired = err instanceof errors.JWTExpired && typeof payload.sub === 'string';
          expected = expired ? { ok: false, reason: 'expired' } : { ok: false };
        }
        const actual = await signer.verifyAccess(token);
        expect(actual.ok).toBe(expected.ok);
        if (expected.reason) expect(actual).toEqual({ ok: false, reason: expected.reason });
        else if (!actual.ok) expect(actual.reason).toBe('invalid');
      }),
      { numRuns: 400 },
    );
  });

  it('refuses weak configuration and bad claims at signing time', async () => {
    expect(() => createTokenSigner({ secret: new Uint8Array(16), accessTtlSeconds: 60 })).toThrow(/32 bytes/);
    expect(() => createTokenSigner({ secret, accessTtlSeconds: 0 })).toThrow();
    const signer = signerAt({ now: T0 });
    await expect(signer.signAccess({ sub: 0, fam: 'f' })).rejects.toThrow();
    await expect(signer.signAccess({ sub: 1.5, fam: 'f' })).rejects.toThrow();
    await expect(signer.signAccess({ sub: 1, fam: '' })).rejects.toThrow();
  });
});

describe('parseAuthorization', () => {
  it('accepts "Bearer <t>" and a bare "<t>", and both verify', async () => {
    const signer = signerAt({ now: T0 });
    const token = await signer.signAccess({ sub: 3, fam: 'f3' });
    expect(parseAuthorization(`Bearer ${token}`)).toBe(token);
    expect(parseAuthorization(`bearer  ${token} `)).toBe(token);
    expect(parseAuthorization(token)).toBe(token);
    for (const header of [`Bearer ${token}`, token]) {
      expect(await signer.verifyAccess(parseAuthorization(header))).toMatchObject({
        ok: true,
        sub: 3,
        fam: 'f3',
      });
    }
  });

  it('refuses other schemes, empty values and several words', () => {
    for (const header of [
      undefined,
      null,
      '',
      '   ',
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'a b',
      'Bearer a b',
    ]) {
      expect(parseAuthorization(header)).toBeNull();
    }
  });
});

describe('refresh tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const a = newRefreshToken();
    const b = newRefreshToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it('are stored as their SHA-256 hex', () => {
    expect(hashRefreshToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashRefreshToken(newRefreshToken())).toMatch(/^[0-9a-f]{64}$/);
  });
});
