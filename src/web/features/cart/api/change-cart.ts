/** The customer's cart changes: add, remove, clear and weight change; each answers the whole priced cart. */
import type { CartLine } from '#shared/schemas/cart';
import { apiRequest } from '#web/lib/api-client.ts';

export function addToServerCart(body: { _id: string; qty: number; selectedWeight: string }): Promise<CartLine[]> {
  return apiRequest<CartLine[]>('/api/cart/add', { method: 'POST', body });
}

export function removeFromServerCart(productId: string, qtyToRemove: number): Promise<CartLine[]> {
  return apiRequest<CartLine[]>(`/api/cart/remove/${encodeURIComponent(productId)}`, {
    method: 'DELETE',
    body: { qtyToRemove },
  });
}

export function clearServerCart(): Promise<CartLine[]> {
  return apiRequest<CartLine[]>('/api/cart/clear', { method: 'DELETE' });
}

export function changeServerCartWeight(productId: string, selectedWeight: string): Promise<CartLine[]> {
  return apiRequest<CartLine[]>(`/api/cart/${encodeURIComponent(productId)}`, {
    method: 'PATCH',
    body: { selectedWeight },
  });
}
