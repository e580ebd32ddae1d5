import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Order } from '@app/contract/payments';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ORDER_STATUS, pollIntervalOf } from '../lib/order-state.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

/** GET /pay/getOrderInfo: one of the student's orders. */
export function getOrderInfo(orderNo: string): Promise<Order> {
  return http.get<Order>('/pay/getOrderInfo', { params: { order_no: orderNo }, silent: true });
}

export function getOrderInfoQueryOptions(studentId: StudentKey, orderNo: string) {
  return queryOptions({
    queryKey: queryKeys.payments.order(studentId, orderNo),
    queryFn: () => getOrderInfo(orderNo),
    enabled: studentId !== null && orderNo !== '',
  });
}

/**
 * The order of the payment step, polled every 2 s while it awaits payment (the provider's
 * notification reaches the server, not the browser). Polling stops when the order is paid or closed,
 * when its time is up, and when the step unmounts (TanStack Query drops the interval with the last
 * observer). Once paid, the wallet, the home overview and the order lists are refreshed by name.
 */
export function useOrderInfo(orderNo: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...getOrderInfoQueryOptions(useStudentId(), orderNo),
    refetchInterval: (q) => pollIntervalOf(q.state.data, Date.now()),
    // A student who paid on their phone comes back to this tab: keep polling in the background.
    refetchIntervalInBackground: true,
  });
  const paid = query.data?.status === ORDER_STATUS.paid;
  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments.all });
  }, [paid, queryClient]);
  return query;
}
