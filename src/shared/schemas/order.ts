/**
 * Wire contracts for checkout and orders (docs/api.md, Money and ids and Checkout and payment): what the browser sends to start a
 * payment and to place the order, and the order as the API shows it. Prices are pounds on the wire; the
 * server recomputes every amount from the catalog and never charges or stores one a browser sent.
 */
import { z } from 'zod';
import { CARRIERS } from '#shared/carriers';
import { VAT_RATES } from '#shared/constants';
import { CART_MERGE_MAX_ITEMS, CartProductIdSchema, CartQuantitySchema, WeightLabelSchema } from '#shared/schemas/cart';
import { ShippingAddressSchema, StoredShippingAddressSchema } from '#shared/schemas/shipping-address';
import { PromoCodeSchema } from '#shared/schemas/promotion';
import { EmailSchema } from '#shared/schemas/user';
import { ORDER_STATUSES, RefundSchema } from './refund.ts';

/** Highest total a browser may name; far above any real cart of at most 100 lines of 99 packs. */
export const TOTAL_PRICE_MAX = 1_000_000;
export const SESSION_ID_MAX_LENGTH = 200;

export const checkoutMessages = {
  // The shop's own words.
  emptyCart: 'Your cart is empty. Please add items to your cart before proceeding to checkout.',
  body: 'Please send the order as a JSON object.',
  items: 'Please send the cart lines as a list.',
  tooManyItems: `An order can hold at most ${CART_MERGE_MAX_ITEMS} lines.`,
  duplicateItem: 'Each product may appear only once in an order.',
  price: 'Please send prices as amounts in pounds.',
  totalPrice: 'Please send the total you were shown, in pounds.',
  sessionId: 'Please send the payment session id.',
  /** 409 when the browser's prices or total differ from the catalog's (docs/api.md, Checkout and payment). */
  reviewCart: 'Prices in your cart have changed. Please review your cart before paying.',
  /** 409 when the order call's lines or total differ from what was paid for. */
  orderMismatch: 'This order does not match what was paid for. Please review your cart.',
} as const;

/** A price in pounds as a browser shows it: not negative, at most two decimals' worth of meaning. */
const PoundsSchema = (message: string) =>
  z.number({ error: message }).nonnegative({ error: message }).max(TOTAL_PRICE_MAX, { error: message });

/**
 * One cart line as the browser sends it. A browser may post whole cart lines (name, product, …): those
 * keys are dropped. `price` (one pack, pounds), when sent, must be what the catalog charges now.
 */
export const OrderItemInputSchema = z.object({
  _id: CartProductIdSchema,
  qty: CartQuantitySchema,
  selectedWeight: WeightLabelSchema.default(''),
  price: PoundsSchema(checkoutMessages.price).optional(),
});
export type OrderItemInput = z.infer<typeof OrderItemInputSchema>;

export const OrderItemsSchema = z
  .array(OrderItemInputSchema, { error: checkoutMessages.items })
  .min(1, { error: checkoutMessages.emptyCart })
  .max(CART_MERGE_MAX_ITEMS, { error: checkoutMessages.tooManyItems })
  .refine((items) => new Set(items.map((item) => item._id)).size === items.length, {
    error: checkoutMessages.duplicateItem,
  });

/**
 * `POST /api/orders/create-stripe-session`: the cart, where it goes, the promotion code if any, and the total the
 * shopper was shown: the quote's `total` for these lines, this postcode and this code.
 */
export const CreateCheckoutBodySchema = z.object(
  {
    orderItems: OrderItemsSchema,
    shippingAddress: ShippingAddressSchema,
    totalPrice: PoundsSchema(checkoutMessages.totalPrice),
    promoCode: PromoCodeSchema.optional(),
  },
  { error: checkoutMessages.body },
);
export type CreateCheckoutBody = z.infer<typeof CreateCheckoutBodySchema>;
export type CreateCheckoutInput = z.input<typeof CreateCheckoutBodySchema>;

/** Where the browser goes to pay (`url`) and the payment session it starts (`id`). */
export const CheckoutSessionAnswerSchema = z.object({ url: z.string(), id: z.string() });
export type CheckoutSessionAnswer = z.infer<typeof CheckoutSessionAnswerSchema>;

export const SessionIdSchema = z
  .string({ error: checkoutMessages.sessionId })
  .trim()
  .min(1, { error: checkoutMessages.sessionId })
  .max(SESSION_ID_MAX_LENGTH, { error: checkoutMessages.sessionId });

export const SessionParamsSchema = z.object({ sessionId: SessionIdSchema });

/**
 * `POST /api/orders` (bearer) and `POST /api/orders/guest-order`: the checkout's payload plus `sessionId`. The
 * order is made from the paid checkout; these lines and total are only compared with it.
 */
export const PlaceOrderBodySchema = z.object(
  {
    sessionId: SessionIdSchema,
    orderItems: OrderItemsSchema,
    shippingAddress: ShippingAddressSchema,
    totalPrice: PoundsSchema(checkoutMessages.totalPrice),
    guestEmail: EmailSchema.optional(),
    promoCode: PromoCodeSchema.optional(),
  },
  { error: checkoutMessages.body },
);
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

export const VatRateSchema = z.union(VAT_RATES.map((rate) => z.literal(rate)));

/**
 * The packs of one batch in an order line (docs/api.md, Batches and recalls): on the owner's order, the packing slip and
 * the confirmation mail.
 */
export const LineBatchSchema = z.object({ code: z.string(), bestBefore: z.string(), qty: z.number().int() });
export type LineBatch = z.infer<typeof LineBatchSchema>;

/** One line of an order, as bought: the price of one pack in pounds and the VAT rate it was sold at. */
export const OrderItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  selectedWeight: z.string(),
  qty: z.number().int(),
  price: z.number().nonnegative(),
  vatRate: VatRateSchema,
  /** This line's share of the order's discount, in pounds: the line cost price × qty − discount. */
  discount: z.number().nonnegative(),
  /** Where the weight's stock is kept in batches: the batches its packs came from, earliest best-before first. */
  batches: z.array(LineBatchSchema).optional(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** The VAT included at one rate, as a UK receipt shows it: what the lines at that rate cost, and the VAT inside. */
export const OrderVatSchema = z.object({ rate: VatRateSchema, total: z.number(), vat: z.number() });
export type OrderVat = z.infer<typeof OrderVatSchema>;

/** An order (docs/api.md, Money and ids), plus the shopper-facing order number and the VAT by rate. */
export const OrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  orderItems: z.array(OrderItemSchema),
  /** The goods before any discount; `totalPrice` = subtotal − discount + delivery. */
  subtotal: z.number().nonnegative(),
  discount: z.number().nonnegative(),
  delivery: z.number().nonnegative(),
  /** The promotion code used, as the promotion spells it. */
  promoCode: z.string().optional(),
  totalPrice: z.number().nonnegative(),
  /** By rate, delivery's VAT included with the goods' (docs/api.md, Delivery and promotions). */
  vat: z.array(OrderVatSchema),
  isDelivered: z.boolean(),
  shippingAddress: StoredShippingAddressSchema,
  /** Set on guest orders: where the confirmation went. */
  guestEmail: z.string().optional(),
  status: z.enum(ORDER_STATUSES),
  /** Oldest first (docs/api.md, Refunds and cancellations). */
  refunds: z.array(RefundSchema),
  /** The sum of the succeeded refunds, in pounds. */
  refundedTotal: z.number().nonnegative(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderListSchema = z.array(OrderSchema);

/** One step of an order's way, as its customer sees it: placed (processing), dispatched, delivered or cancelled. */
export const OrderHistoryEntrySchema = z.object({ status: z.enum(ORDER_STATUSES), at: z.string() });

/**
 * `GET /api/orders/{id}`: one of the customer's own orders with where it stands: each step with its date, oldest
 * first, and the parcel's tracking number, its carrier and that carrier's tracking page where they are known.
 */
export const OrderDetailSchema = OrderSchema.extend({
  history: z.array(OrderHistoryEntrySchema),
  trackingNumber: z.string().optional(),
  carrier: z.enum(CARRIERS).optional(),
  trackingUrl: z.string().optional(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/** `GET /api/orders/verify-stripe/{sessionId}` for a paid session: the order's fields, and the order itself. */
export const VerifyPaymentAnswerSchema = z.object({
  success: z.literal(true),
  orderItems: z.array(OrderItemSchema),
  shippingAddress: StoredShippingAddressSchema,
  guestEmail: z.string().optional(),
  totalPrice: z.number().nonnegative(),
  order: OrderSchema,
});
export type VerifyPaymentAnswer = z.infer<typeof VerifyPaymentAnswerSchema>;

/** `GET /api/orders/payment-config`: which provider takes payments; Stripe's publishable key only with Stripe. */
export const PaymentConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('local') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;
