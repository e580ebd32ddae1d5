import type { LoginBody, RegBody, TokenPair } from '@app/contract/auth';
import { http } from '../../../lib/http/http-client.ts';

/**
 * POST /user/login (SMS: currentTab 0 with `Code` and the send's `challenge_id`; password:
 * currentTab 1 with the client hash). Failures are 400/429 with a message (shown as a toast), never
 * 401 (DESIGN.md §5).
 */
export function login(body: LoginBody): Promise<TokenPair> {
  return http.post<TokenPair>('/user/login', body, { skipAuthRedirect: true });
}

/** POST /user/reg: registration with a password (hashed), the SMS code and its `challenge_id`. */
export function register(body: RegBody): Promise<TokenPair> {
  return http.post<TokenPair>('/user/reg', body, { skipAuthRedirect: true });
}
