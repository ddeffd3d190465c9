/**
 * The customer's address book as /shipping uses it (bearer): GET /api/auth/addresses to offer them, POST to keep the
 * address being sent, DELETE /api/auth/addresses/{id} to drop one. Held under the customer's query key, so logging
 * out forgets them with the rest of the customer's data; each change reloads the list through the same key.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#shared/api-paths';
import type { SavedAddress } from '#shared/schemas/saved-address';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import { apiRequest } from '#web/lib/api-client.ts';
import { customerQueryKey } from '#web/lib/session.ts';

export const savedAddressesQueryOptions = () =>
  queryOptions({
    queryKey: [...customerQueryKey, 'addresses'],
    queryFn: ({ signal }) => apiRequest<SavedAddress[]>(apiPaths.auth.addresses, { signal }),
  });

/** Only asked for while a customer is logged in (`enabled`). */
export function useSavedAddresses(enabled: boolean) {
  return useQuery({ ...savedAddressesQueryOptions(), enabled });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: ShippingAddress) =>
      apiRequest<SavedAddress>(apiPaths.auth.addresses, { method: 'POST', body: address }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryOptions().queryKey }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: string) => apiRequest<unknown>(apiPaths.auth.address(addressId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryOptions().queryKey }),
  });
}
