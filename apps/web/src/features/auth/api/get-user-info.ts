import type { UserInfo } from '@app/contract/auth';
import { http } from '../../../lib/http/http-client.ts';

/**
 * GET /user/getUserInfo. Right after login it runs with `skipAuthRedirect` (a failure there ends the
 * login attempt, not a session); at start-up it runs normally, so an expired access token is refreshed
 * (66666) and a revoked session shows the login-expired dialog.
 */
export function getUserInfo(options: { duringLogin?: boolean } = {}): Promise<UserInfo | null> {
  return http.get<UserInfo | null>('/user/getUserInfo', {
    skipAuthRedirect: options.duringLogin === true,
    silent: options.duringLogin !== true,
  });
}
