import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetUserInfoBody, UserProfile } from '@app/contract/users';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshSessionUser } from '../lib/refresh-session-user.ts';

/** POST /user/setUserInfo: only the allow-listed fields; replies with the whole profile. */
export function setUserInfo(body: SetUserInfoBody): Promise<UserProfile> {
  return http.post<UserProfile>('/user/setUserInfo', body);
}

export function useSetUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserInfo,
    onSuccess: async (profile) => {
      await refreshSessionUser(profile);
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
    },
  });
}
