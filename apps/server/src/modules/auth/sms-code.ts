import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

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
