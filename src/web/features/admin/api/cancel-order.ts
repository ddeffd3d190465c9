/**
 * POST /api/admin/orders/{id}/cancel (an admin's bearer token): cancels an order still processing, refunds all that
 * is left of it and mails the buyer; the packs go back in stock unless `restock` is false. Answers the order; 409
 * with the server's message once it has been dispatched.
 */
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminOrderDetail, AdminOrderDetailSchema } from '#shared/schemas/admin';
import type { CancelOrderInput } from '#shared/schemas/refund';
import { apiRequest } from '#web/lib/api-client.ts';
import { useOrderChange } from './refund-order.ts';

export const CANCEL_ORDER_FAILED = 'We could not cancel this order. Please try again.';

export async function cancelOrder(orderId: string, body: CancelOrderInput): Promise<AdminOrderDetail> {
  const answer = await apiRequest<unknown>(adminApiPaths.orderCancel(orderId), { method: 'POST', body });
  return AdminOrderDetailSchema.parse(answer);
}

export function useCancelOrder(orderId: string) {
  return useOrderChange(orderId, (body: CancelOrderInput) => cancelOrder(orderId, body));
}
