import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * SMS verification codes (DESIGN.md §7 "SMS codes"): 6 digits from a CSPRNG, stored only as an
 * HMAC bound to the phone. A bare hash of a 6-digit code is reversed by trying all 10^6 values, so
 * the hash is keyed with a server-side pepper: a leak of the codes table alone reveals nothing.
 * The pepper must therefore not live in the same table (derive it from the JWT/app secret).
 */
export const SMS_CODE_LENGTH = 6;

export function generateSmsCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

export function isWellFormedSmsCode(code: unknown): code is string {
  return typeof code === 'string' && /^\d{6}$/.test(code);
}

/** HMAC-SHA256(pepper, mobile + ':' + code), hex. Binding the phone means a code only works for it. */
export function hashSmsCode(mobile: string, code: string, pepper: string | Uint8Array): string {
  return createHmac('sha256', pepper).update(`${mobile}:${code}`, 'utf8').digest('hex');
}

/** Constant-time comparison of a submitted code with the stored hash. */
export function smsCodeMatches(
  mobile: string,
  code: string,
  pepper: string | Uint8Array,
  storedHash: string,
): boolean {
  const actual = Buffer.from(hashSmsCode(mobile, code, pepper), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

/**
 * The challenge a send returns (DESIGN.md §7 "Code binding"): 128 random bits, base64url. It binds
 * the code's own bucket of tries to the client that asked for the code.
 */
export function generateChallenge(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * SHA-256 of a challenge, hex. A plain hash is enough here (unlike the 6-digit code): 128 random
 * bits cannot be found by trying values, and the stored hash alone cannot be sent back.
 */
export function hashChallenge(challenge: string): string {
  return createHash('sha256').update(challenge, 'utf8').digest('hex');
}

/** Constant-time comparison of a submitted challenge with the stored hash. */
export function challengeMatches(challenge: string, storedHash: string): boolean {
  const actual = Buffer.from(hashChallenge(challenge), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
