/**
 * GET /api/admin/orders/{id} (an admin's bearer token): one order as the owner sees it, with its history, held under
 * the logged-in account's query key so it goes with them at logout.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminOrderDetail, AdminOrderDetailSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKey } from './get-admin-list.ts';

export const ADMIN_ORDER_FAILED = 'We could not load this order. Please try again.';

/** Every admin order's key starts here, so a move refreshes the one order and every list page at once. */
export const adminOrdersKey = adminKey('orders');

export async function getAdminOrder(orderId: string, signal?: AbortSignal): Promise<AdminOrderDetail> {
  const answer = await apiRequest<unknown>(adminApiPaths.order(orderId), { signal });
  return AdminOrderDetailSchema.parse(answer);
}

export const adminOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...adminOrdersKey, 'one', orderId],
    queryFn: ({ signal }) => getAdminOrder(orderId, signal),
    staleTime: 0,
  });

export function useAdminOrder(orderId: string) {
  return useQuery(adminOrderQueryOptions(orderId));
}
