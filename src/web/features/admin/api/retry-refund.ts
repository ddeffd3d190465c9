/**
 * POST /api/admin/orders/{id}/refunds/{refundId}/retry (an admin's bearer token): asks the card provider again for a
 * refund that failed. Answers the order; 409 with the server's message when the refund has not failed or its money
 * is no longer left to refund.
 */
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminOrderDetail, AdminOrderDetailSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { useOrderChange } from './refund-order.ts';

export const RETRY_REFUND_FAILED = 'We could not try this refund again. Please try again.';

export async function retryRefund(orderId: string, refundId: string): Promise<AdminOrderDetail> {
  const path = adminApiPaths.refundRetry(orderId, refundId);
  return AdminOrderDetailSchema.parse(await apiRequest<unknown>(path, { method: 'POST' }));
}

export function useRetryRefund(orderId: string) {
  return useOrderChange(orderId, (refundId: string) => retryRefund(orderId, refundId));
}
