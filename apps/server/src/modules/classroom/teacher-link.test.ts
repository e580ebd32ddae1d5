import { describe, expect, it } from 'vitest';
import { signTeacherLink, verifyTeacherLink } from './teacher-link.ts';

const SECRET = 'test-secret';
const LINK = { courseId: 120, teacherId: 3, expiresAt: 1_790_000_000_000 };
const BEFORE = LINK.expiresAt - 1;

describe('teacher links', () => {
  it('signs HMAC-SHA256 of role, class, teacher and expiry, base64url (known vector)', () => {
    // printf 'classroom-link:teacher:120:3:1790000000000' | openssl dgst -sha256 -hmac test-secret -binary | base64url
    expect(signTeacherLink(SECRET, LINK)).toBe(
      '120.3.1790000000000.T1NUBGGhM72AKUzQHyh4sHxtNgQTdkx8UVvGzgAjU84',
    );
  });

  it('verifies its own token until the expiry, not from then on', () => {
    const token = signTeacherLink(SECRET, LINK);
    expect(verifyTeacherLink(SECRET, token, BEFORE)).toEqual({ courseId: 120, teacherId: 3 });
    expect(verifyTeacherLink(SECRET, token, LINK.expiresAt)).toBeUndefined();
    expect(verifyTeacherLink(SECRET, token, LINK.expiresAt + 60_000)).toBeUndefined();
  });

  it('refuses another secret, an altered class, teacher, expiry or signature', () => {
    const token = signTeacherLink(SECRET, LINK);
    const [, , , signature] = token.split('.');
    expect(verifyTeacherLink('another-secret', token, BEFORE)).toBeUndefined();
    expect(verifyTeacherLink(SECRET, `121.3.${LINK.expiresAt}.${signature}`, BEFORE)).toBeUndefined();
    expect(verifyTeacherLink(SECRET, `120.4.${LINK.expiresAt}.${signature}`, BEFORE)).toBeUndefined();
    expect(
      verifyTeacherLink(SECRET, `120.3.${LINK.expiresAt + 1}.${signature}`, BEFORE - 10),
    ).toBeUndefined();
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyTeacherLink(SECRET, `120.3.${LINK.expiresAt}.${flipped}`, BEFORE)).toBeUndefined();
  });

  it('refuses malformed tokens without throwing', () => {
    for (const bad of [
      '',
      'x',
      '120.3.1790000000000',
      '120.3.1790000000000.',
      '0.3.1790000000000.T1NUBGGhM72AKUzQHyh4sHxtNgQTdkx8UVvGzgAjU84',
      '-120.3.1790000000000.T1NUBGGhM72AKUzQHyh4sHxtNgQTdkx8UVvGzgAjU84',
      '120.3.1790000000000.T1NUBGGhM72AKUzQHyh4sHxtNgQTdkx8UVvGzgAjU84.extra',
      '120.3.1790000000000.T1NUBGGhM72AKUzQHyh4sHxtNgQTdkx8UVvGzgAjU8=',
      `120.3.1790000000000.${'A'.repeat(500)}`,
    ]) {
      expect(verifyTeacherLink(SECRET, bad, BEFORE)).toBeUndefined();
    }
    expect(verifyTeacherLink('', signTeacherLink(SECRET, LINK), BEFORE)).toBeUndefined();
  });

  it('refuses to sign without a secret or with ids that are not positive integers', () => {
    expect(() => signTeacherLink('', LINK)).toThrow();
    expect(() => signTeacherLink(SECRET, { ...LINK, courseId: 0 })).toThrow();
    expect(() => signTeacherLink(SECRET, { ...LINK, teacherId: 1.5 })).toThrow();
  });
});
