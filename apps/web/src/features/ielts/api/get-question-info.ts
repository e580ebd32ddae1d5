import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IeltsQuestionInfo } from '@app/contract/ielts';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /ielts/getQuestionInfo: one question with its sample, its topic and its neighbours. */
export function getQuestionInfo(id: number): Promise<IeltsQuestionInfo> {
  return http.get<IeltsQuestionInfo>('/ielts/getQuestionInfo', { params: { id }, silent: true });
}

export function getQuestionInfoQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.ielts.question(id),
    queryFn: () => getQuestionInfo(id),
    staleTime: 10 * 60_000,
  });
}

export function useQuestionInfo(id: number, enabled = true) {
  return useQuery({ ...getQuestionInfoQueryOptions(id), enabled });
}
