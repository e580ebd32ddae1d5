import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CoinLogType } from '@app/contract/enums';
import type { Page } from '@app/contract/paging';
import type { CoinLog } from '@app/contract/wallet';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

export type CoinLogsParams = { current: number; size: number; type?: CoinLogType };

/** GET /user/coins/getCoinLogs: coin ledger entries, newest first, optionally of one type. */
export function getCoinLogs(params: CoinLogsParams): Promise<Page<CoinLog>> {
  return http.get<Page<CoinLog>>('/user/coins/getCoinLogs', { params, silent: true });
}

export function getCoinLogsQueryOptions(studentId: StudentKey, params: CoinLogsParams) {
  return queryOptions({
    queryKey: queryKeys.wallet.coinLogs(studentId, params),
    queryFn: () => getCoinLogs(params),
    enabled: studentId !== null,
  });
}

export function useCoinLogs(params: CoinLogsParams) {
  return useQuery({ ...getCoinLogsQueryOptions(useStudentId(), params), placeholderData: keepPreviousData });
}
