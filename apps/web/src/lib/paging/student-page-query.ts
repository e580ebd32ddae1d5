import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@app/contract/paging';
import { http } from '../http/http-client.ts';
import { useStudentId, type StudentKey } from '../session/student-id.ts';

/** The query of a paged list: `current` is 1-based; a list's filters are added to it. */
export type PageParams = { current: number; size: number };

/**
 * A paged list of the logged-in student's own records: GET `url` with the params as its query.
 * Gives the feature's client file its three parts (STYLE.md): the fetcher (silent: the list shows
 * its own error state), the query options (per student, under `queryKey`, never for a visitor, whom
 * /user/* answers 401) and the hook, which keeps the previous page on screen while the next loads.
 */
export function studentPageQuery<T, P extends PageParams = PageParams>(
  url: string,
  queryKey: (studentId: StudentKey, params: P) => QueryKey,
) {
  const fetchPage = (params: P): Promise<Page<T>> => http.get<Page<T>>(url, { params, silent: true });
  const options = (studentId: StudentKey, params: P) =>
    queryOptions({
      queryKey: queryKey(studentId, params),
      queryFn: () => fetchPage(params),
      enabled: studentId !== null,
    });
  const usePage = (params: P) =>
    useQuery({ ...options(useStudentId(), params), placeholderData: keepPreviousData });
  return { fetchPage, options, usePage };
}
