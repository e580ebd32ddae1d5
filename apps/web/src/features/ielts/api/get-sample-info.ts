import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IeltsSampleInfo } from '@app/contract/ielts';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /ielts/getSampleInfo: a topic (question set) with its questions and samples. */
export function getSampleInfo(id: number, issueId?: number): Promise<IeltsSampleInfo> {
  return http.get<IeltsSampleInfo>('/ielts/getSampleInfo', {
    params: issueId === undefined ? { id } : { id, issue_id: issueId },
    silent: true,
  });
}

export function getSampleInfoQueryOptions(id: number, issueId?: number) {
  return queryOptions({
    queryKey: queryKeys.ielts.sampleInfo(id, issueId),
    queryFn: () => getSampleInfo(id, issueId),
    staleTime: 10 * 60_000,
  });
}

export function useSampleInfo(id: number, issueId?: number, enabled = true) {
  return useQuery({ ...getSampleInfoQueryOptions(id, issueId), enabled });
}
