import { createHash } from 'node:crypto';

/**
 * The client-side password hash of DESIGN.md §6: `hex(sha256(hex(sha256(password)) + mobile))`.
 * Browsers send this instead of the password; the server only ever stores scrypt of it. This copy
 * exists for seeding the demo account and for tests; the web app computes the same with Web Crypto.
 */
export function clientPasswordHash(password: string, mobile: string): string {
  const inner = createHash('sha256').update(password, 'utf8').digest('hex');
  return createHash('sha256')
    .update(inner + mobile, 'utf8')
    .digest('hex');
}
