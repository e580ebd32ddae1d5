import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PayOrderStatus } from '@app/contract/enums';
import type { Page } from '@app/contract/paging';
import type { Order } from '@app/contract/payments';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

export type OrderListParams = { current: number; size: number; status?: PayOrderStatus };

/** GET /pay/getOrderList: the student's orders, newest first, optionally of one status. */
export function getOrderList(params: OrderListParams): Promise<Page<Order>> {
  return http.get<Page<Order>>('/pay/getOrderList', { params, silent: true });
}

export function getOrderListQueryOptions(studentId: StudentKey, params: OrderListParams) {
  return queryOptions({
    queryKey: queryKeys.payments.orderList(studentId, params),
    queryFn: () => getOrderList(params),
    enabled: studentId !== null,
  });
}

export function useOrderList(params: OrderListParams) {
  return useQuery({ ...getOrderListQueryOptions(useStudentId(), params), placeholderData: keepPreviousData });
}
