/** Business constants of the shop (docs/api.md), shared by the browser and the server. */

export const SHOP_NAME = 'Roast & Co.';

export const CATEGORIES = ['Nuts', 'Dry Fruits', 'Seeds'] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Reads the category from a URL value; anything else means all categories. Here rather than beside the search, so
 * the header's search form takes only this into every page's JavaScript, not the search itself.
 */
export function parseCategory(value: string | null | undefined): Category | undefined {
  return CATEGORIES.find((category) => category === value);
}

/** A list's orders besides the shop's own (or, for a search, the best matches first): here, apart from zod. */
export const PRODUCT_SORTS = ['price-asc', 'price-desc', 'rating', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The MRP of every seeded product's first (250g) weight; the owner's products set their own, or none. */
export const MRP_PENCE = 699;
/**
 * The seed prices each weight this fraction of its MRP. Labels never assume it: they state each weight's own saving
 * (`#shared/savings`, decision 094).
 */
export const OFFER_PRICE_FRACTION = 0.6;

/** Quantities a cart line may hold (docs/api.md, Limits); adding to a full line leaves it at the maximum. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;

/** The estimated delivery on the cart page and in the order confirmation. */
export const DELIVERY_ESTIMATE = '3 - 5 Business Days';
/**
 * Delivery's cost, shown as 'Free' in the cart and at checkout. NOTE: the totals leave it out while it is 0; a
 * cost would need adding to the checkout's amount on the server and to the payment's lines as well.
 */
export const DELIVERY_PENCE = 0;

export const BANNER_AUTOPLAY_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** VAT rates that apply to food by HMRC's rules (VAT Notice 701/14): zero or standard. */
export const VAT_RATES = [0, 20] as const;
export type VatRate = (typeof VAT_RATES)[number];

/**
 * The shop's redirect delays: to /login after the sign-up code is verified and after a password reset, and
 * from /success to the order confirmation once the order is placed.
 */
export const OTP_VERIFIED_REDIRECT_MS = 2000;
export const PASSWORD_RESET_REDIRECT_MS = 3000;
export const PAYMENT_SUCCESS_REDIRECT_MS = 3000;

/**
 * How long the server keeps a payment provider's "not paid yet" for a session before asking again (decision 045):
 * a payment made just after someone verified it reads as not completed for at most this long, so /success keeps
 * asking a little longer than this before it gives up.
 */
export const UNPAID_ANSWER_TTL_MS = 5000;

/**
 * A cookie the browser keeps while it may hold a cart (a guest cart with lines, or a login): only whether, never
 * what. The server renders /cart's empty state without it, rather than a loading state the script then replaces
 * (decision 074).
 */
export const CART_KEPT_COOKIE = 'roast_cart';

/**
 * How long a checkout holds the stock it took while its payment is made (docs/api.md, Stock): an unpaid checkout older than
 * this gives it back. A Stripe session expires a minute after it, so no payment can come once it has.
 */
export const CHECKOUT_HOLD_MS = 30 * 60 * 1000;
