/** GET /api/orders/my-orders (bearer): the customer's orders, newest first, held under the customer's query key. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '#shared/schemas/order';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';
import { customerQueryKey } from '#web/lib/session.ts';

/** The shop's texts for a failed load. */
export const ORDERS_FAILED = 'Failed to fetch orders';
export const ORDERS_OFFLINE = 'Something went wrong.';

export function getMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiRequest<Order[]>(apiPaths.orders.mine, { signal });
}

export const myOrdersQueryOptions = () =>
  queryOptions({
    queryKey: [...customerQueryKey, 'orders'],
    queryFn: ({ signal }) => getMyOrders(signal),
    // An order's status changes on the shop's side: every visit shows the cached list at once and asks again.
    staleTime: 0,
  });

export function useMyOrders() {
  return useQuery(myOrdersQueryOptions());
}
