import { useMutation } from '@tanstack/react-query';
import type { DownloadUrl } from '@app/contract/files';
import { http } from '../../../lib/http/http-client.ts';

/**
 * POST /user/file/getDownloadUrl: a signed link (5 minutes) to one file, or to a zip of several
 * files or folders (at most 20 ids).
 */
export function getDownloadUrl(ids: number[]): Promise<DownloadUrl> {
  return http.post<DownloadUrl>('/user/file/getDownloadUrl', { ids });
}

export function useGetDownloadUrl() {
  return useMutation({ mutationFn: getDownloadUrl });
}
