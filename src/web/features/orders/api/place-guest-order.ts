/**
 * POST /api/orders/guest-order: places a guest's order for a paid payment session, with the e-mail payment
 * verification returned (the body is `placeOrderBody(…, { asGuest: true })`). Answers as POST /api/orders.
 */
import { apiPaths } from '#shared/api-paths';
import type { Order, PlaceOrderBody } from '#shared/schemas/order';
import { apiRequest } from '#web/lib/api-client.ts';

export function placeGuestOrder(body: PlaceOrderBody): Promise<Order> {
  return apiRequest<Order>(apiPaths.orders.placeGuest, { method: 'POST', body });
}
