/**
 * Wire contracts for the cart: the bodies the cart endpoints take, the line as a cart keeps it (server and
 * guest alike), and the priced line the API answers and the cart page shows (decision 032).
 */
import { z } from 'zod';
import { QUANTITY_MAX, QUANTITY_MIN } from '#shared/constants';
import { ProductSchema } from '#shared/schemas/product';

/** Longest guest cart the merge takes at once; the catalog is far smaller, so a real cart never comes near it. */
export const CART_MERGE_MAX_ITEMS = 100;
/** Bounds on ids and labels that only keep junk out of queries; what exists is decided by the catalog. */
export const CART_PRODUCT_ID_MAX_LENGTH = 80;
export const WEIGHT_LABEL_MAX_LENGTH = 40;

export const cartInputMessages = {
  body: 'Please send the cart change as a JSON object.',
  product: 'Please choose a product.',
  quantity: `Please choose a quantity from ${QUANTITY_MIN} to ${QUANTITY_MAX}.`,
  quantityToRemove: `The quantity to remove must be a whole number from ${QUANTITY_MIN} to ${QUANTITY_MAX}.`,
  weight: 'Please choose a weight.',
  guestItems: 'Please send the guest cart as a list of lines.',
  guestQuantity: `Each line of the guest cart needs a whole-number quantity of at most ${QUANTITY_MAX}.`,
  tooManyGuestItems: `A guest cart can bring at most ${CART_MERGE_MAX_ITEMS} lines.`,
} as const;

function cartBody<Shape extends z.ZodRawShape>(shape: Shape) {
  // Unknown keys are dropped, not refused: a browser may post whole cart lines (name, price, product),
  // and none of that is ever used.
  return z.object(shape, { error: cartInputMessages.body });
}

/** A whole number of packs, 1 to 99 (docs/api.md, Limits). */
export const CartQuantitySchema = z
  .number({ error: cartInputMessages.quantity })
  .int({ error: cartInputMessages.quantity, abort: true })
  .min(QUANTITY_MIN, { error: cartInputMessages.quantity })
  .max(QUANTITY_MAX, { error: cartInputMessages.quantity });

/** A product id as a cart names it; whether the product exists is the catalog's answer (404), not a format rule. */
export const CartProductIdSchema = z
  .string({ error: cartInputMessages.product })
  .trim()
  .min(1, { error: cartInputMessages.product })
  .max(CART_PRODUCT_ID_MAX_LENGTH, { error: cartInputMessages.product });

/** A weight label such as "500g"; empty (which the cart API allows) means the product's first weight. */
export const WeightLabelSchema = z
  .string({ error: cartInputMessages.weight })
  .trim()
  .max(WEIGHT_LABEL_MAX_LENGTH, { error: cartInputMessages.weight });

/**
 * `POST /api/cart/add`. `qty` defaults to 1 (a product card's button), `selectedWeight` to the product's
 * first weight. Anything else a browser sends, a price above all, is ignored.
 */
export const AddToCartBodySchema = cartBody({
  _id: CartProductIdSchema,
  qty: CartQuantitySchema.default(QUANTITY_MIN),
  selectedWeight: WeightLabelSchema.optional(),
});
export type AddToCartBody = z.infer<typeof AddToCartBodySchema>;

/** `DELETE /api/cart/remove/{id}`: removing the line's whole quantity or more removes the line. */
export const RemoveFromCartBodySchema = cartBody({
  qtyToRemove: z
    .number({ error: cartInputMessages.quantityToRemove })
    .int({ error: cartInputMessages.quantityToRemove, abort: true })
    .min(QUANTITY_MIN, { error: cartInputMessages.quantityToRemove })
    .max(QUANTITY_MAX, { error: cartInputMessages.quantityToRemove }),
});
export type RemoveFromCartBody = z.infer<typeof RemoveFromCartBodySchema>;

/** `PATCH /api/cart/{id}`: the weight select on the cart page. */
export const ChangeWeightBodySchema = cartBody({
  selectedWeight: WeightLabelSchema.min(1, { error: cartInputMessages.weight }),
});
export type ChangeWeightBody = z.infer<typeof ChangeWeightBodySchema>;

export const CartProductParamsSchema = z.object({ id: CartProductIdSchema });

/**
 * A cart line as a cart keeps it: which product, which weight, how many. The guest cart stores these in local
 * storage and the server in `cart_lines`; the price and the product are looked up when the line is shown.
 * A quantity of 0 or less is accepted here and ignored by the cart rules; over 99 is refused.
 */
export const StoredCartLineSchema = z.object({
  _id: CartProductIdSchema,
  qty: z
    .number({ error: cartInputMessages.guestQuantity })
    .int({ error: cartInputMessages.guestQuantity, abort: true })
    .max(QUANTITY_MAX, { error: cartInputMessages.guestQuantity }),
  selectedWeight: WeightLabelSchema.default(''),
});
export type StoredCartLine = z.infer<typeof StoredCartLineSchema>;

/**
 * `POST /api/cart/merge`: the guest cart, sent once at login. Lines for products or weights the catalog no
 * longer has are skipped, not refused: a guest cart may be days old (decision 033).
 */
export const MergeCartBodySchema = cartBody({
  items: z
    .array(StoredCartLineSchema, { error: cartInputMessages.guestItems })
    .max(CART_MERGE_MAX_ITEMS, { error: cartInputMessages.tooManyGuestItems }),
});
export type MergeCartBody = z.infer<typeof MergeCartBodySchema>;

/**
 * A priced cart line as the API answers it (docs/api.md, Money and ids), plus `available`.
 * - Available: `product` is the catalog's product, `price` the catalog's price in pounds for `selectedWeight`
 *   (one pack; the line costs `price × qty`), `name` the product's name.
 * - Unavailable (`available: false`): the product has left the catalog (`product: null`, `name` the last name
 *   the cart saw) or no longer comes in `selectedWeight` (`product` present, so its weights can be offered).
 *   `price` is 0; such a line counts in no total and is never charged. The shopper removes it or, while the
 *   product is still sold, picks another weight.
 */
export const CartLineSchema = z.object({
  _id: z.string(),
  name: z.string(),
  qty: z.number().int(),
  price: z.number().nonnegative(),
  selectedWeight: z.string(),
  product: ProductSchema.nullable(),
  available: z.boolean(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** Every cart endpoint answers the customer's lines, oldest first. */
export const CartLinesSchema = z.array(CartLineSchema);
