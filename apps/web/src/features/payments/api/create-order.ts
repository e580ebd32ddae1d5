import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedOrder, CreateOrderBody } from '@app/contract/payments';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type CreateOrderInput = CreateOrderBody & {
  /**
   * One key per confirmation (DESIGN.md §7): a retry of the same click (a lost reply, a double
   * submit) gets the first order back instead of a second one.
   */
  idempotencyKey: string;
};

/** POST /pay/createOrder: an order awaiting payment and how to pay it (a QR code or a page). */
export function createOrder({ idempotencyKey, ...body }: CreateOrderInput): Promise<CreatedOrder> {
  return http.post<CreatedOrder>('/pay/createOrder', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.payments.all }),
  });
}
