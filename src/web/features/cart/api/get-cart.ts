/** GET /api/cart: the customer's priced cart lines, held under the customer's query key. */
import { queryOptions } from '@tanstack/react-query';
import type { CartLine } from '#shared/schemas/cart';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';
import { customerQueryKey } from '#web/lib/session.ts';
import { guestCartMergeSettled } from './merge-guest-cart.ts';

export async function getCart(signal?: AbortSignal): Promise<CartLine[]> {
  // Just after login the guest cart is still being merged; reading before it answers would miss those lines.
  await guestCartMergeSettled();
  return apiRequest<CartLine[]>(apiPaths.cart.get, { signal });
}

/** Keyed by the token too, so a new session reads its own cart (it is reloaded when the token changes). */
export const cartQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...customerQueryKey, 'cart', token],
    queryFn: ({ signal }) => getCart(signal),
    // A cart that fails to load is only logged; the cart then shows empty.
    meta: { quietErrors: true },
    retry: false,
  });
