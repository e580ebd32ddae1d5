import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoinBalance } from '@app/contract/wallet';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

/** GET /user/coins/getCoinBalance: the student's study coins (the sum of the coin ledger). */
export function getCoinBalance(): Promise<CoinBalance> {
  return http.get<CoinBalance>('/user/coins/getCoinBalance', { silent: true });
}

export function getCoinBalanceQueryOptions(studentId: StudentKey) {
  return queryOptions({
    queryKey: queryKeys.wallet.balance(studentId),
    queryFn: getCoinBalance,
    // Never for a visitor: /user/* answers 401 to them (DESIGN.md §8).
    enabled: studentId !== null,
  });
}

export function useCoinBalance() {
  return useQuery(getCoinBalanceQueryOptions(useStudentId()));
}
