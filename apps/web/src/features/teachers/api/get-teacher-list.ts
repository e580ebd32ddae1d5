import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@app/contract/paging';
import type { TeacherCard } from '@app/contract/teachers';
import { http } from '../../../lib/http/http-client.ts';
import type { TeacherListParams } from '../lib/filters.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /teacher/getTeacherList: the discovery list, paged, filtered and sorted. */
export function getTeacherList(params: TeacherListParams): Promise<Page<TeacherCard>> {
  return http.get<Page<TeacherCard>>('/teacher/getTeacherList', { params, silent: true });
}

export function getTeacherListQueryOptions(params: TeacherListParams) {
  return queryOptions({
    queryKey: queryKeys.teachers.list(params),
    queryFn: () => getTeacherList(params),
  });
}

export function useTeacherList(params: TeacherListParams) {
  return useQuery({ ...getTeacherListQueryOptions(params), placeholderData: keepPreviousData });
}
