/**
 * POST /api/orders/create-stripe-session: the cart's lines, the shipping address, the promotion code applied and the
 * total the shopper was shown (the quote's, docs/api.md, Delivery and promotions); the answer's `url` is the payment
 * page the browser goes to. A 409 means the prices changed meanwhile.
 */
import { useMutation } from '@tanstack/react-query';
import type { CartLine } from '#shared/schemas/cart';
import type { CheckoutSessionAnswer, CreateCheckoutInput } from '#shared/schemas/order';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import { apiPaths } from '#shared/api-paths';
import { ApiRequestError, apiRequest } from '#web/lib/api-client.ts';

/** What the shopper was shown for these lines and this address: the quote's total, and the code it applied. */
export interface QuotedTotal {
  totalPrice: number;
  promoCode?: string | undefined;
}

/**
 * What the shopper pays for: only the lines that can be bought (an unavailable line counts in no total), each
 * with the price of one pack they were shown, the code applied, and the quote's total for exactly those.
 */
export function checkoutBody(
  lines: readonly CartLine[],
  shippingAddress: ShippingAddress,
  { totalPrice, promoCode }: QuotedTotal,
): CreateCheckoutInput {
  const buyable = lines.filter((line) => line.available && line.qty > 0);
  return {
    orderItems: buyable.map(({ _id, qty, selectedWeight, price }) => ({ _id, qty, selectedWeight, price })),
    shippingAddress,
    totalPrice,
    ...(promoCode ? { promoCode } : {}),
  };
}

export function createCheckoutSession(body: CreateCheckoutInput): Promise<CheckoutSessionAnswer> {
  return apiRequest<CheckoutSessionAnswer>(apiPaths.orders.createCheckoutSession, { method: 'POST', body });
}

/** True when the server refused the checkout because the cart's prices are not today's (docs/api.md, Checkout and payment). */
export function isPriceChange(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409;
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
