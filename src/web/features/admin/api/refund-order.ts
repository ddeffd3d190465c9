/**
 * POST /api/admin/orders/{id}/refunds (an admin's bearer token): refunds pounds of an order to the buyer's card, for
 * a reason, perhaps for some lines and with their packs back in stock; answers the order with its refunds. The
 * `Idempotency-Key` makes a repeated call answer the refund the first one made, never a second; the same key with
 * another amount or reason is refused (docs/api.md, Refunds and cancellations). Also the one way every change to an
 * order's money lands on the screen: the answer becomes the order's query data at once, and every order list is asked
 * again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminOrderDetail, AdminOrderDetailSchema } from '#shared/schemas/admin';
import type { RefundInput } from '#shared/schemas/refund';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminOrderQueryOptions, adminOrdersKey } from './get-admin-order.ts';

export const REFUND_FAILED = 'We could not refund this order. Please try again.';

export interface RefundRequest {
  body: RefundInput;
  /** Made once per confirmed refund and sent again with it when the owner tries the same refund again. */
  idempotencyKey: string;
}

export async function refundOrder(orderId: string, { body, idempotencyKey }: RefundRequest): Promise<AdminOrderDetail> {
  const answer = await apiRequest<unknown>(adminApiPaths.orderRefunds(orderId), {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return AdminOrderDetailSchema.parse(answer);
}

/** A change to an order that answers the whole order: shown at once, then every list of orders asked again. */
export function useOrderChange<Variables>(
  orderId: string,
  change: (variables: Variables) => Promise<AdminOrderDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (order) => queryClient.setQueryData(adminOrderQueryOptions(orderId).queryKey, order),
    // A refusal (409) too: another tab may have refunded or cancelled it, and the screen should show where it is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
}

export function useRefundOrder(orderId: string) {
  return useOrderChange(orderId, (request: RefundRequest) => refundOrder(orderId, request));
}
