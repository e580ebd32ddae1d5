import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadAvatarResult } from '@app/contract/users';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshSessionUser } from '../lib/refresh-session-user.ts';

export type UploadAvatarInput = { file: File; onProgress?: (percent: number) => void };

/** POST /user/uploadAvatar: multipart field `file` (the server checks the bytes and the size again). */
export function uploadAvatar({ file, onProgress }: UploadAvatarInput): Promise<UploadAvatarResult> {
  const form = new FormData();
  form.append('file', file);
  return http.post<UploadAvatarResult>('/user/uploadAvatar', form, {
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: async ({ student_pic }) => {
      await refreshSessionUser({ student_pic });
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
