/** PATCH /api/cart/{id}: another weight for a line of the customer's cart (the cart page's select); answers the whole priced cart. */
import { apiPaths } from '#shared/api-paths';
import type { CartLine, ChangeWeightBody } from '#shared/schemas/cart';
import { apiRequest } from '#web/lib/api-client.ts';

export function changeServerCartWeight(productId: string, selectedWeight: string): Promise<CartLine[]> {
  return apiRequest<CartLine[]>(apiPaths.cart.changeWeight(productId), {
    method: 'PATCH',
    body: { selectedWeight } satisfies ChangeWeightBody,
  });
}
