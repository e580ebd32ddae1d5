import type { TokenPair } from '@app/contract/auth';
import { http } from '../http/http-client.ts';

/**
 * POST /updateToken (SPEC.md §7): a new pair for the refresh token, which the server rotates. Exempt
 * from the client's session handling (skipAuthRedirect): a refusal must not open the login-expired
 * dialog from inside the refresh, and must not wait for the refresh in flight, i.e. itself.
 */
export function requestTokenRefresh(refreshToken: string): Promise<TokenPair> {
  return http.post<TokenPair>('/updateToken', { refreshToken }, { skipAuthRedirect: true, silent: true });
}
