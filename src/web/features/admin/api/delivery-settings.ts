/**
 * GET and PUT /api/admin/settings/delivery (an admin's bearer token): the delivery charges, in pounds; a save answers
 * what the server kept, which becomes the screen's data at once.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import type { DeliverySettings } from '#shared/schemas/delivery';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKey } from './get-admin-list.ts';

export const DELIVERY_LOAD_FAILED = 'We could not load the delivery charges. Please try again.';
export const DELIVERY_SAVE_FAILED = 'We could not save the delivery charges. Please try again.';

export const adminDeliveryKey = adminKey('delivery');

export const adminDeliveryQueryOptions = () =>
  queryOptions({
    queryKey: adminDeliveryKey,
    queryFn: ({ signal }) => apiRequest<DeliverySettings>(adminApiPaths.deliverySettings, { signal }),
    staleTime: 0,
  });

export function useAdminDelivery() {
  return useQuery(adminDeliveryQueryOptions());
}

export function useSaveDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliverySettings) =>
      apiRequest<DeliverySettings>(adminApiPaths.deliverySettings, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(adminDeliveryKey, saved),
  });
}
