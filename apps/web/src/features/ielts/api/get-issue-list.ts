import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IeltsIssue } from '@app/contract/ielts';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /ielts/getIssueList: banks by season, newest first. */
export function getIssueList(): Promise<IeltsIssue[]> {
  return http.get<IeltsIssue[]>('/ielts/getIssueList', { silent: true });
}

export function getIssueListQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.ielts.issues(),
    queryFn: getIssueList,
    // A bank changes three times a year; the server revalidates with an ETag anyway.
    staleTime: 10 * 60_000,
  });
}

export function useIssueList() {
  return useQuery(getIssueListQueryOptions());
}
