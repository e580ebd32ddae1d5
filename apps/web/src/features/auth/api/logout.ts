import { http } from '../../../lib/http/http-client.ts';

/**
 * POST /user/logout: revokes the session family on the server, so the access token stops working at
 * once. Silent and exempt from the session handling: logging out locally never depends on it.
 */
export function logoutRequest(): Promise<unknown> {
  return http.post<unknown>('/user/logout', undefined, {
    skipAuthRedirect: true,
    silent: true,
    timeout: 8_000,
  });
}
