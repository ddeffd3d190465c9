/**
 * PATCH /api/admin/orders/{id} (an admin's bearer token): moves an order on, to dispatched (with a tracking number
 * or none) or delivered; the server mails the buyer and answers 409 with its message for a move that is not forward.
 * The order and every list of orders are asked again afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import type { Carrier } from '#shared/carriers';
import { type AdminOrder, AdminOrderSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminOrdersKey } from './get-admin-order.ts';

export type OrderMove = { status: 'dispatched'; trackingNumber?: string; carrier?: Carrier } | { status: 'delivered' };

export const MOVE_ORDER_FAILED = 'We could not change this order. Please try again.';

export async function moveAdminOrder(orderId: string, move: OrderMove): Promise<AdminOrder> {
  const answer = await apiRequest<unknown>(adminApiPaths.order(orderId), { method: 'PATCH', body: move });
  return AdminOrderSchema.parse(answer);
}

export function useMoveAdminOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: OrderMove) => moveAdminOrder(orderId, move),
    // A refused move (409) too: the order may have moved on in another tab, and the screen should show where it is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
}
