/**
 * The starts of the storefront's query keys that the owner's screens change from another feature: after a product or
 * review is saved, hidden or deleted in /admin, the same tab's shop pages are asked again rather than showing the
 * copies they held (up to five minutes old).
 */

/** Every catalog query: lists, pages, carousels, one product, a cart's products. */
export const CATALOG_QUERY_KEY = ['products'] as const;

/** The reviews list. */
export const REVIEWS_QUERY_KEY = ['reviews'] as const;
