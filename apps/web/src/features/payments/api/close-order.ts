import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@app/contract/payments';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /pay/closeOrder: closes an order awaiting payment (a paid one cannot be: 409, toasted). */
export function closeOrder(orderNo: string): Promise<Order> {
  return http.post<Order>('/pay/closeOrder', { order_no: orderNo });
}

export function useCloseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeOrder,
    // The order lists and the order itself (a payment step showing it stops polling).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.payments.all }),
  });
}
