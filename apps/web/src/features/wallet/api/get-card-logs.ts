import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@app/contract/paging';
import type { CardLog } from '@app/contract/wallet';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

export type CardLogsParams = { current: number; size: number; card_id?: number };

/** GET /user/cards/getCardLogs: card ledger entries, newest first, of one card or of all. */
export function getCardLogs(params: CardLogsParams): Promise<Page<CardLog>> {
  return http.get<Page<CardLog>>('/user/cards/getCardLogs', { params, silent: true });
}

export function getCardLogsQueryOptions(studentId: StudentKey, params: CardLogsParams) {
  return queryOptions({
    queryKey: queryKeys.wallet.cardLogs(studentId, params),
    queryFn: () => getCardLogs(params),
    enabled: studentId !== null,
  });
}

export function useCardLogs(params: CardLogsParams) {
  return useQuery({ ...getCardLogsQueryOptions(useStudentId(), params), placeholderData: keepPreviousData });
}
