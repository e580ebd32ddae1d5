import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetPasswordBody, SetPasswordResult } from '@app/contract/users';
import { clientPasswordHash } from '../../../lib/auth-crypto/client-password-hash.ts';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshSessionUser } from '../lib/refresh-session-user.ts';

/**
 * The change and its proof (issue 32 §4): the current password, or an SMS code of the student's
 * phone with the challenge of its send.
 */
export type SetPasswordInput = { password: string; mobile: string } & (
  { proof: 'password'; oldPassword: string } | { proof: 'sms'; code: string; challengeId: string | undefined }
);

/**
 * POST /user/setPassword with client hashes, as the login sends them (DESIGN.md §6): the new
 * password's and the current one's, or the SMS code and its challenge. The server ends the
 * student's sessions on other devices and keeps this one.
 */
export async function setPassword(input: SetPasswordInput): Promise<SetPasswordResult> {
  const body: SetPasswordBody = { password: await clientPasswordHash(input.password, input.mobile) };
  if (input.proof === 'password') {
    body.old_password = await clientPasswordHash(input.oldPassword, input.mobile);
  } else {
    body.code = input.code;
    if (input.challengeId) body.challenge_id = input.challengeId;
  }
  return http.post<SetPasswordResult>('/user/setPassword', body);
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    onSuccess: async () => {
      // The account has a password now: the page asks for it next time.
      await refreshSessionUser({ has_password: true });
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
