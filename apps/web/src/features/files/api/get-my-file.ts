import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyFileList } from '@app/contract/files';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

/** GET /user/file/myFile?file_pid: a folder's children (0: the root) with the breadcrumbs to it. */
export function getMyFile(folderId: number): Promise<MyFileList> {
  return http.get<MyFileList>('/user/file/myFile', { params: { file_pid: folderId }, silent: true });
}

export function getMyFileQueryOptions(studentId: StudentKey, folderId: number) {
  return queryOptions({
    queryKey: queryKeys.files.folder(studentId, folderId),
    queryFn: () => getMyFile(folderId),
    enabled: studentId !== null,
  });
}

export function useMyFile(folderId: number) {
  return useQuery({ ...getMyFileQueryOptions(useStudentId(), folderId), placeholderData: keepPreviousData });
}
