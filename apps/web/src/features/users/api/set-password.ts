import { useMutation } from '@tanstack/react-query';
import type { SetPasswordResult } from '@app/contract/users';
import { clientPasswordHash } from '../../../lib/auth-crypto/client-password-hash.ts';
import { http } from '../../../lib/http/http-client.ts';

export type SetPasswordInput = { password: string; mobile: string };

/**
 * POST /user/setPassword with the client hash, as the login sends it (DESIGN.md §6); the server
 * ends the student's sessions on other devices and keeps this one.
 */
export async function setPassword({ password, mobile }: SetPasswordInput): Promise<SetPasswordResult> {
  const hash = await clientPasswordHash(password, mobile);
  return http.post<SetPasswordResult>('/user/setPassword', { password: hash });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
