import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The teacher's class link (DESIGN.md §12 "Who enters"): the teacher has no account, so the room's
 * teacher seat is opened by a signed token: HMAC-SHA256 of the class, the teacher, the role
 * ('teacher') and the expiry, base64url. `expiresAt` is the class's end + 30 min (when the room
 * closes); whether the room is open yet is checked by the room (getRoom), not by the token.
 *
 * Token: `<courseId>.<teacherId>.<expiresAt>.<signature>` (all base64url-safe characters).
 */
export type TeacherLink = { courseId: number; teacherId: number; expiresAt: number };

const ROLE = 'teacher';

function signatureOf(secret: string, link: TeacherLink): Buffer {
  return createHmac('sha256', secret)
    .update(`classroom-link:${ROLE}:${link.courseId}:${link.teacherId}:${link.expiresAt}`)
    .digest();
}

const POSITIVE_INT = /^[1-9][0-9]{0,15}$/;

export function signTeacherLink(secret: string, link: TeacherLink): string {
  if (!secret) throw new Error('signTeacherLink needs a secret');
  for (const value of [link.courseId, link.teacherId, link.expiresAt]) {
    if (!Number.isSafeInteger(value) || value <= 0)
      throw new Error('signTeacherLink: ids and expiry are positive integers');
  }
  const signature = signatureOf(secret, link).toString('base64url');
  return `${link.courseId}.${link.teacherId}.${link.expiresAt}.${signature}`;
}

/**
 * The class and teacher a token was signed for, or undefined when it is malformed, signed with
 * another secret, altered, or expired at `now` (epoch ms). Constant-time comparison of signatures.
 */
export function verifyTeacherLink(
  secret: string,
  token: string,
  now: number,
): { courseId: number; teacherId: number } | undefined {
  if (!secret || typeof token !== 'string' || token.length > 200) return undefined;
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [course, teacher, expiry, signature] = parts as [string, string, string, string];
  if (!POSITIVE_INT.test(course) || !POSITIVE_INT.test(teacher) || !POSITIVE_INT.test(expiry))
    return undefined;
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return undefined;
  const link: TeacherLink = {
    courseId: Number(course),
    teacherId: Number(teacher),
    expiresAt: Number(expiry),
  };
  if (!Number.isSafeInteger(link.expiresAt) || !Number.isSafeInteger(link.courseId)) return undefined;
  const expected = signatureOf(secret, link);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (now >= link.expiresAt) return undefined;
  return { courseId: link.courseId, teacherId: link.teacherId };
}
