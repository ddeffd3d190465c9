/**
 * GET /api/orders/{id} (bearer): one of the customer's own orders for its page, held under the customer's query key
 * (so logging out forgets it with their other data).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '#shared/api-paths';
import type { OrderDetail } from '#shared/schemas/order';
import { apiRequest } from '#web/lib/api-client.ts';
import { customerQueryKey } from '#web/lib/session.ts';

export const ORDER_FAILED = 'We could not load this order. Please try again.';

export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderDetail> {
  return apiRequest<OrderDetail>(apiPaths.orders.one(orderId), { signal });
}

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...customerQueryKey, 'orders', 'one', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
    // Where the parcel is changes on the shop's side: every visit asks again.
    staleTime: 0,
    // A 404 (not this customer's order) will not change on a retry.
    retry: false,
  });

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
