import { useMutation } from '@tanstack/react-query';
import type { DownloadUrl } from '@app/contract/files';
import { http } from '../../../lib/http/http-client.ts';

/**
 * POST /user/file/getDownloadUrl for one courseware file of a class: a signed link (5 minutes) the
 * browser opens without the Authorization header.
 */
export function getCoursewareUrl(fileId: number): Promise<DownloadUrl> {
  return http.post<DownloadUrl>('/user/file/getDownloadUrl', { ids: [fileId] });
}

export function useCoursewareDownload() {
  return useMutation({ mutationFn: getCoursewareUrl });
}
