/**
 * GET /api/admin/orders (an admin's bearer token): one page of orders, newest first, by status and search words,
 * held under the logged-in account's query key so it goes with them at logout.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminOrder, AdminOrderListSchema, type AdminOrdersQuery } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { customerQueryKey } from '#web/lib/session.ts';
import type { ListPage } from '../list-page.ts';

export const ADMIN_ORDERS_FAILED = 'We could not load the orders. Please try again.';

export type AdminOrderPage = ListPage<AdminOrder, AdminOrdersQuery>;

/** One page of orders, with the query it answers. */
export async function getAdminOrders(query: AdminOrdersQuery, signal?: AbortSignal): Promise<AdminOrderPage> {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.status) params.set('status', query.status);
  if (query.q) params.set('q', query.q);
  const answer = await apiRequest<unknown>(`${adminApiPaths.orders}?${params.toString()}`, { signal });
  // Checked here, unlike the storefront's answers: zod costs a shopper nothing in this lazy chunk, and an answer of
  // another shape then shows as a failed load rather than a list of blanks.
  return { ...AdminOrderListSchema.parse(answer), query };
}

export const adminOrdersQueryOptions = (query: AdminOrdersQuery) =>
  queryOptions({
    queryKey: [...customerQueryKey, 'admin', 'orders', query],
    queryFn: ({ signal }) => getAdminOrders(query, signal),
    // Orders arrive all day: every visit asks again, showing what the cache holds meanwhile.
    staleTime: 0,
    // Another page or filter keeps the current list on screen until its own answer arrives.
    placeholderData: keepPreviousData,
  });

export function useAdminOrders(query: AdminOrdersQuery) {
  return useQuery(adminOrdersQueryOptions(query));
}
