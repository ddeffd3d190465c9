/** DELETE /api/cart/remove/{id}: takes a quantity of a product out of the customer's cart; answers the whole priced cart. */
import { apiPaths } from '#shared/api-paths';
import type { CartLine, RemoveFromCartBody } from '#shared/schemas/cart';
import { apiRequest } from '#web/lib/api-client.ts';

export function removeFromServerCart(productId: string, qtyToRemove: number): Promise<CartLine[]> {
  return apiRequest<CartLine[]>(apiPaths.cart.remove(productId), {
    method: 'DELETE',
    body: { qtyToRemove } satisfies RemoveFromCartBody,
  });
}
