import type { SendSmsBody, SendSmsResult } from '@app/contract/auth';
import { http } from '../../../lib/http/http-client.ts';

/**
 * POST /user/SendLoginSmsCode (SPEC.md §7): one code serves login and registration. The reply's
 * `challenge_id` goes back with the code (DESIGN.md §7 "Code binding"; kept in sms-send-store.ts).
 */
export function sendSmsCode(body: SendSmsBody): Promise<SendSmsResult | null> {
  // Refusals (429 with retry_after_seconds) come back as a toast with the server's message.
  return http.post<SendSmsResult | null>('/user/SendLoginSmsCode', body, { skipAuthRedirect: true });
}
