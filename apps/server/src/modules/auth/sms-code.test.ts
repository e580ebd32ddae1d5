import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  challengeMatches,
  generateChallenge,
  generateSmsCode,
  hashChallenge,
  hashSmsCode,
  isWellFormedSmsCode,
  smsCodeMatches,
} from './sms-code.ts';

const pepper = 'server-side-pepper-0123456789abcdef';

describe('SMS codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let i = 0; i < 2000; i++) expect(generateSmsCode()).toMatch(/^\d{6}$/);
  });

  it('are spread over the whole range', () => {
    const codes = Array.from({ length: 5000 }, generateSmsCode);
    expect(new Set(codes).size).toBeGreaterThan(4900);
    const firstDigits = new Set(codes.map((c) => c[0]));
    expect(firstDigits.size).toBe(10); // includes '0': the code is padded, not 100000-999999
  });

  it('are stored as an HMAC bound to the phone and the pepper', () => {
    const h = hashSmsCode('13800138000', '123456', pepper);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain('123456');
    expect(hashSmsCode('13800138000', '123456', pepper)).toBe(h);
    expect(hashSmsCode('13800138001', '123456', pepper)).not.toBe(h);
    expect(hashSmsCode('13800138000', '123457', pepper)).not.toBe(h);
    expect(hashSmsCode('13800138000', '123456', 'another-pepper')).not.toBe(h);
  });

  it('match only the same phone and code', () => {
    const stored = hashSmsCode('13800138000', '000123', pepper);
    expect(smsCodeMatches('13800138000', '000123', pepper, stored)).toBe(true);
    expect(smsCodeMatches('13800138000', '123', pepper, stored)).toBe(false);
    expect(smsCodeMatches('13900139000', '000123', pepper, stored)).toBe(false);
    expect(smsCodeMatches('13800138000', '000123', pepper, 'not-hex')).toBe(false);
  });

  it('never match a different random code', () => {
    const stored = hashSmsCode('13800138000', '424242', pepper);
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (code) => {
        fc.pre(code !== '424242');
        expect(smsCodeMatches('13800138000', code, pepper, stored)).toBe(false);
      }),
    );
  });

  it('recognises well-formed codes', () => {
    expect(isWellFormedSmsCode('012345')).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', ' 123456', 123456, null])
      expect(isWellFormedSmsCode(bad)).toBe(false);
  });
});

describe('code challenges', () => {
  it('are 128 random bits in base64url, never repeated', () => {
    const challenges = Array.from({ length: 1000 }, generateChallenge);
    for (const c of challenges) {
      expect(c).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(c, 'base64url')).toHaveLength(16);
    }
    expect(new Set(challenges).size).toBe(1000);
  });

  it('match only the challenge they were hashed from', () => {
    const c = generateChallenge();
    const stored = hashChallenge(c);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(challengeMatches(c, stored)).toBe(true);
    expect(challengeMatches(generateChallenge(), stored)).toBe(false);
    expect(challengeMatches('', stored)).toBe(false);
    expect(challengeMatches(c, 'not-a-hash')).toBe(false);
  });
});
