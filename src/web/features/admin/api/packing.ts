/**
 * GET /api/admin/packing and POST /api/admin/packing/dispatch (an admin's bearer token): the orders waiting to be
 * packed with the pick list, and marking several dispatched at once. Every order list is asked again afterwards.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import {
  type DispatchManyAnswer,
  DispatchManyAnswerSchema,
  type DispatchManyBody,
  type Packing,
  PackingSchema,
} from '#shared/schemas/packing';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminOrdersKey } from './get-admin-order.ts';

export const PACKING_FAILED = 'We could not load the orders to pack. Please try again.';
export const DISPATCH_FAILED = 'We could not mark these orders as dispatched. Please try again.';

export async function getPacking(signal?: AbortSignal): Promise<Packing> {
  return PackingSchema.parse(await apiRequest<unknown>(adminApiPaths.packing, { signal }));
}

export const packingQueryOptions = () =>
  queryOptions({
    // Under the orders' key: a move made anywhere refreshes the packing list too.
    queryKey: [...adminOrdersKey, 'packing'],
    queryFn: ({ signal }) => getPacking(signal),
    staleTime: 0,
  });

export const usePacking = () => useQuery(packingQueryOptions());

export async function dispatchOrders(body: DispatchManyBody): Promise<DispatchManyAnswer> {
  const answer = await apiRequest<unknown>(adminApiPaths.packingDispatch, { method: 'POST', body });
  return DispatchManyAnswerSchema.parse(answer);
}

export function useDispatchOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dispatchOrders,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrdersKey }),
  });
}
