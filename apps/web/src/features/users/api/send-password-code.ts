import type { SendSmsResult } from '@app/contract/auth';
import { http } from '../../../lib/http/http-client.ts';

/**
 * POST /user/SendLoginSmsCode to the student's own phone: the set-password page's proof for an
 * account without a password (or a forgotten one). Refusals (429 with retry_after_seconds) come
 * back as a toast with the server's message and reject with the envelope's data.
 */
export function sendPasswordCode(mobile: string): Promise<SendSmsResult | null> {
  return http.post<SendSmsResult | null>('/user/SendLoginSmsCode', { mobile });
}
