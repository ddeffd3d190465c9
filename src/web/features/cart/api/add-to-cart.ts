/** POST /api/cart/add: a product, weight and quantity into the customer's cart; answers the whole priced cart. */
import { apiPaths } from '#shared/api-paths';
import type { AddToCartBody, CartLine } from '#shared/schemas/cart';
import { apiRequest } from '#web/lib/api-client.ts';

export function addToServerCart(body: AddToCartBody): Promise<CartLine[]> {
  return apiRequest<CartLine[]>(apiPaths.cart.add, { method: 'POST', body });
}
