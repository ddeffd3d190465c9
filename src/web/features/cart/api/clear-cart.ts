/** DELETE /api/cart/clear: empties the customer's cart; answers the (empty) cart. */
import { apiPaths } from '#shared/api-paths';
import type { CartLine } from '#shared/schemas/cart';
import { apiRequest } from '#web/lib/api-client.ts';

export function clearServerCart(): Promise<CartLine[]> {
  return apiRequest<CartLine[]>(apiPaths.cart.clear, { method: 'DELETE' });
}
