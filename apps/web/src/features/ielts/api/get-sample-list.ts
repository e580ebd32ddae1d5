import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { IeltsPart, IeltsSampleRecord } from '@app/contract/ielts';
import type { Page } from '@app/contract/paging';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type SampleListParams = {
  current: number;
  size: number;
  part?: IeltsPart;
  issue_id?: number;
  keyword?: string;
};

/** GET /ielts/getSampleList: questions with sample answers, paged. */
export function getSampleList(params: SampleListParams): Promise<Page<IeltsSampleRecord>> {
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  return http.get<Page<IeltsSampleRecord>>('/ielts/getSampleList', { params: query, silent: true });
}

export function getSampleListQueryOptions(params: SampleListParams) {
  return queryOptions({
    queryKey: queryKeys.ielts.samples(params),
    queryFn: () => getSampleList(params),
    staleTime: 5 * 60_000,
  });
}

export function useSampleList(params: SampleListParams) {
  // Keeps the previous page on screen while the next one loads (no flash to the skeleton).
  return useQuery({ ...getSampleListQueryOptions(params), placeholderData: keepPreviousData });
}
