/**
 * POST /api/orders (bearer): places the customer's order for a paid payment session. The server makes it from what
 * was paid, so the body repeats the verified answer's lines and total (`placeOrderBody`, which the guest's call in
 * place-guest-order.ts sends too); it answers 201 with the order, or 200 with the same order when it already exists.
 */
import type { Order, PlaceOrderBody, VerifyPaymentAnswer } from '#shared/schemas/order';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';

/** The order call's body, built from the payment as verified rather than from the cart, which may have changed since. */
export function placeOrderBody(
  sessionId: string,
  verified: VerifyPaymentAnswer,
  { asGuest }: { asGuest: boolean },
): PlaceOrderBody {
  const body: PlaceOrderBody = {
    sessionId,
    orderItems: verified.orderItems.map(({ _id, qty, selectedWeight, price }) => ({ _id, qty, selectedWeight, price })),
    shippingAddress: verified.shippingAddress,
    totalPrice: verified.totalPrice,
  };
  // The code the checkout was priced with, as the order kept it.
  if (verified.order?.promoCode) body.promoCode = verified.order.promoCode;
  // A guest order carries the e-mail payment verification returned.
  if (asGuest) body.guestEmail = verified.guestEmail ?? verified.shippingAddress.email;
  return body;
}

export function placeOrder(body: PlaceOrderBody): Promise<Order> {
  return apiRequest<Order>(apiPaths.orders.place, { method: 'POST', body });
}
