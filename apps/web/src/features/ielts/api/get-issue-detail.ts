import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IeltsIssueDetail, IeltsPart } from '@app/contract/ielts';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /ielts/getIssueDetail: topics of one part of a bank (the current bank without `id`). */
export function getIssueDetail(type: IeltsPart, id?: number): Promise<IeltsIssueDetail> {
  return http.get<IeltsIssueDetail>('/ielts/getIssueDetail', {
    params: id === undefined ? { type } : { type, id },
    silent: true,
  });
}

export function getIssueDetailQueryOptions(type: IeltsPart, id?: number) {
  return queryOptions({
    queryKey: queryKeys.ielts.issueDetail(type, id),
    queryFn: () => getIssueDetail(type, id),
    staleTime: 10 * 60_000,
  });
}

export function useIssueDetail(type: IeltsPart, id?: number, enabled = true) {
  return useQuery({ ...getIssueDetailQueryOptions(type, id), enabled });
}
