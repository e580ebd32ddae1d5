import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList } from '@app/contract/payments';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /pay/getProductList: every active package and the payment methods this installation takes. */
export function getProductList(): Promise<ProductList> {
  return http.get<ProductList>('/pay/getProductList', { silent: true });
}

export function getProductListQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.payments.products(),
    queryFn: getProductList,
    // The catalogue changes when an operator edits it, not while a student chooses.
    staleTime: 5 * 60_000,
  });
}

export function useProductList() {
  return useQuery(getProductListQueryOptions());
}
