import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';

/**
 * Access tokens (DESIGN.md §7 "Sessions"; OWASP ASVS V7, RFC 8725): JWT, HS256 only, short-lived,
 * carrying the student id (`sub`) and the session family (`fam`) so the guard can refuse tokens of a
 * revoked family. Verification pins the algorithm, issuer, audience and token type, allows no clock
 * skew, and requires every claim we rely on, so a token of another kind (or `alg: none`) never passes.
 */
export const ACCESS_TOKEN_ISSUER = 'linguaspark-server';
export const ACCESS_TOKEN_AUDIENCE = 'linguaspark-student';
/** RFC 9068 access-token type, so no other JWT signed with the same secret can stand in for one. */
const ACCESS_TOKEN_TYPE = 'at+jwt';
const ALGORITHM = 'HS256';
/** Longer values are not ours; refuse them before any parsing. */
const MAX_TOKEN_LENGTH = 2048;
const MIN_SECRET_BYTES = 32;

export type AccessClaims = { sub: number; fam: string };

export type AccessVerification =
  { ok: true; sub: number; fam: string; exp: number } | { ok: false; reason: 'expired' | 'invalid' };

export type TokenSigner = {
  signAccess(claims: AccessClaims): Promise<string>;
  /** Expects the bare token; use `parseAuthorization` on the header first. */
  verifyAccess(token: string | null | undefined): Promise<AccessVerification>;
};

export type TokenSignerOptions = {
  secret: Uint8Array;
  accessTtlSeconds: number;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
};

const STUDENT_ID = /^[1-9]\d{0,15}$/;
const FAMILY_ID = /^[\w-]{1,128}$/;

export function createTokenSigner(options: TokenSignerOptions): TokenSigner {
  const { secret, accessTtlSeconds } = options;
  const now = options.now ?? Date.now;
  if (secret.byteLength < MIN_SECRET_BYTES)
    throw new Error(`JWT secret must be at least ${MIN_SECRET_BYTES} bytes`);
  if (!Number.isInteger(accessTtlSeconds) || accessTtlSeconds <= 0)
    throw new Error('accessTtlSeconds must be a positive integer');

  return {
    async signAccess({ sub, fam }) {
      if (!Number.isSafeInteger(sub) || sub <= 0)
        throw new Error('sub must be a positive integer student id');
      if (!FAMILY_ID.test(fam)) throw new Error('fam must be a family id of letters, digits, _ or -');
      const iat = Math.floor(now() / 1000);
      return new SignJWT({ fam })
        .setProtectedHeader({ alg: ALGORITHM, typ: ACCESS_TOKEN_TYPE })
        .setSubject(String(sub)) // RFC 7519: sub is a string
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + accessTtlSeconds)
        .sign(secret);
    },

    async verifyAccess(token) {
      if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
        return { ok: false, reason: 'invalid' };
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          typ: ACCESS_TOKEN_TYPE,
          requiredClaims: ['sub', 'fam', 'exp', 'iat'],
          clockTolerance: 0,
          currentDate: new Date(now()),
        });
        const { sub, fam, exp } = payload;
        if (typeof sub !== 'string' || !STUDENT_ID.test(sub)) return { ok: false, reason: 'invalid' };
        if (typeof fam !== 'string' || !FAMILY_ID.test(fam)) return { ok: false, reason: 'invalid' };
        if (typeof exp !== 'number') return { ok: false, reason: 'invalid' };
        return { ok: true, sub: Number(sub), fam, exp };
      } catch (err) {
        // Only a token that is otherwise valid (signature and claims checked) is "expired": jose checks
        // the signature before the claims, so a forged expired token is "invalid".
        if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
        return { ok: false, reason: 'invalid' };
      }
    },
  };
}

/**
 * The token of an Authorization header. DESIGN.md §5: the web app sends `Bearer <t>`, older clients
 * a bare `<t>`; both are accepted. Anything else (another scheme, several words, empty) is null.
 */
export function parseAuthorization(header: string | null | undefined): string | null {
  if (typeof header !== 'string') return null;
  const value = header.trim();
  if (value === '') return null;
  const bearer = /^Bearer[ \t]+(\S+)$/i.exec(value);
  if (bearer) return bearer[1]!;
  return /^[\w.~+/=-]+$/.test(value) && !/^Bearer$/i.test(value) ? value : null;
}

/** A refresh token: 256 random bits, base64url. Only its hash is stored (DESIGN.md §7). */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a refresh token. A plain hash suffices: the token itself has 256 bits of entropy. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
