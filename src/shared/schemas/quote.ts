/**
 * `POST /api/cart/quote` (docs/api.md, Delivery and promotions): the server's price for a cart, with a postcode and
 * a promotion code. The cart page, /shipping and the payment show these figures and no others; checkout charges
 * exactly the quote's `total`.
 */
import { z } from 'zod';
import { checkoutMessages, OrderItemsSchema, VatRateSchema } from '#shared/schemas/order';
import { PromoCodeSchema } from '#shared/schemas/promotion';
import { UkPostcodeSchema } from '#shared/schemas/shipping-address';

export const QuoteBodySchema = z.object(
  {
    orderItems: OrderItemsSchema,
    /** Without it, the standard charge (no zone's surcharge). */
    postcode: UkPostcodeSchema.optional(),
    promoCode: PromoCodeSchema.optional(),
  },
  { error: checkoutMessages.body },
);
export type QuoteBody = z.infer<typeof QuoteBodySchema>;
export type QuoteInput = z.input<typeof QuoteBodySchema>;

/** Pounds throughout. `vat[].amount` is the VAT inside the total at that rate, delivery's share included. */
export const QuoteSchema = z.object({
  subtotal: z.number().nonnegative(),
  discount: z.number().nonnegative(),
  delivery: z.number().nonnegative(),
  total: z.number().nonnegative(),
  vat: z.array(z.object({ rate: VatRateSchema, amount: z.number().nonnegative() })),
  /** The shop's free-delivery amount, when it has one: the goods after the discount must come to this. */
  freeDeliveryFrom: z.number().optional(),
  /** How much more the goods must come to for free delivery; absent when delivery is free already or never is. */
  moreForFreeDelivery: z.number().optional(),
  promo: z.object({ code: z.string(), description: z.string() }).optional(),
});
export type Quote = z.infer<typeof QuoteSchema>;
