import {
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * Access tokens (DESIGN.md §7 "Sessions"; OWASP ASVS V7, RFC 8725): JWT, HS256 only, short-lived,
 * carrying the student id (`sub`) and the session family (`fam`) so the guard can refuse tokens of a
 * revoked family. Verification pins the algorithm, issuer, audience and token type, allows no clock
 * skew, and requires every claim we rely on, so a token of another kind (or `alg: none`) never passes.
 *
 * Signing uses jose; verification is done here with node:crypto (HMAC-SHA256 and a constant-time
 * comparison), because it runs on every authenticated request and jose's WebCrypto path cost about
 * 1 ms of CPU per call (a key import and a promise-based job), against a few microseconds here.
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

const INVALID = { ok: false, reason: 'invalid' } as const satisfies AccessVerification;

/** A token's claims once its signature, header and claims have been checked. */
type VerifiedClaims = { sub: number; fam: string; exp: number; nbf: number | undefined };

/** Tokens verified recently, kept by this many at most (then forgotten all at once). */
const MAX_VERIFIED_TOKENS = 10_000;
const EXPIRED: AccessVerification = { ok: false, reason: 'expired' };
/** A compact JWS: three base64url parts (RFC 7515 §7.1); the signature of HS256 is 32 bytes, 43 characters. */
const COMPACT_JWS = /^([\w-]+)\.([\w-]+)\.([\w-]{43})$/;

/** The JSON object a base64url part holds, or undefined (not JSON, or not an object). */
function jsonObjectOf(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies an access token as jose's `jwtVerify` did with our options, in the same order, so that
 * "expired" means "otherwise valid": the signature first (over the exact header and payload text,
 * compared in constant time with the canonical encoding of the HMAC), then the header (alg HS256
 * only, typ at+jwt, no `crit` or `b64` extensions), then the claims (sub, fam, exp and iat present;
 * issuer, audience, types), and what depends on the clock last (`atTime`: not-before, then the
 * expiry, with no clock tolerance).
 */
function verifyHs256(token: string | null | undefined, key: KeyObject): VerifiedClaims | typeof INVALID {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return INVALID;
  const parts = COMPACT_JWS.exec(token);
  if (!parts) return INVALID;
  const [, headerPart, payloadPart, signaturePart] = parts as unknown as [string, string, string, string];
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest('base64url');
  if (!timingSafeEqual(Buffer.from(signaturePart), Buffer.from(expected))) return INVALID;

  const header = jsonObjectOf(headerPart);
  if (!header || header.alg !== ALGORITHM || header.typ !== ACCESS_TOKEN_TYPE) return INVALID;
  if ('crit' in header || 'b64' in header) return INVALID;

  const payload = jsonObjectOf(payloadPart);
  if (!payload) return INVALID;
  const { sub, fam, exp, iat, nbf, iss, aud } = payload;
  if (iss !== ACCESS_TOKEN_ISSUER) return INVALID;
  if (aud !== ACCESS_TOKEN_AUDIENCE && !(Array.isArray(aud) && aud.includes(ACCESS_TOKEN_AUDIENCE))) {
    return INVALID;
  }
  if (typeof sub !== 'string' || !STUDENT_ID.test(sub)) return INVALID;
  if (typeof fam !== 'string' || !FAMILY_ID.test(fam)) return INVALID;
  if (typeof iat !== 'number' || typeof exp !== 'number') return INVALID;
  if (nbf !== undefined && typeof nbf !== 'number') return INVALID;
  return { sub: Number(sub), fam, exp, nbf };
}

/** What of a verified token depends on the clock: not before, then the expiry (no tolerance). */
function atTime(claims: VerifiedClaims, nowMs: number): AccessVerification {
  const nowSeconds = Math.floor(nowMs / 1000);
  if (claims.nbf !== undefined && claims.nbf > nowSeconds) return INVALID;
  if (claims.exp <= nowSeconds) return EXPIRED;
  return { ok: true, sub: claims.sub, fam: claims.fam, exp: claims.exp };
}

export function createTokenSigner(options: TokenSignerOptions): TokenSigner {
  const { secret, accessTtlSeconds } = options;
  const now = options.now ?? Date.now;
  if (secret.byteLength < MIN_SECRET_BYTES)
    throw new Error(`JWT secret must be at least ${MIN_SECRET_BYTES} bytes`);
  if (!Number.isInteger(accessTtlSeconds) || accessTtlSeconds <= 0)
    throw new Error('accessTtlSeconds must be a positive integer');
  const key = createSecretKey(secret);
  // The claims of tokens whose signature, header and claims passed, by the exact token text: a
  // student's every request carries the same token for its lifetime, and checking it again (an
  // HMAC and two JSON parses, a sixth of a cached read's CPU: issue 36) would give the same
  // answer. What depends on the clock is checked on every request; any other text is verified.
  const verified = new Map<string, VerifiedClaims>();

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
      if (typeof token === 'string') {
        const known = verified.get(token);
        if (known !== undefined) return atTime(known, now());
      }
      const claims = verifyHs256(token, key);
      if ('ok' in claims) return claims;
      if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
      verified.set(token as string, claims);
      return atTime(claims, now());
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
