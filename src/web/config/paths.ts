/**
 * Every page URL of the storefront and how to build links to it, so no component retypes a path. The patterns
 * come from `#shared/page-routes`, which the server also reads to tell known pages from unknown ones.
 */
import type { Category } from '#shared/constants';
import { pageRoutes } from '#shared/page-routes';

/** A page whose address has nothing to fill in: its link is its pattern. Written once, as all of this is first-load JavaScript. */
function fixed<Path extends string>(path: Path) {
  return { path, getHref: () => path };
}

export const paths = {
  home: fixed(pageRoutes.home),
  products: {
    path: pageRoutes.products,
    getHref: (category?: Category) =>
      category ? `/product?${new URLSearchParams({ category }).toString()}` : '/product',
  },
  product: {
    path: pageRoutes.product,
    getHref: (productId: string) => `/product/${encodeURIComponent(productId)}`,
  },
  bestsellers: fixed(pageRoutes.bestsellers),
  newLaunches: fixed(pageRoutes.newLaunches),
  search: {
    path: pageRoutes.search,
    /** Leaves out an empty query and "All categories", so shared links stay short. */
    getHref: (query: string, category?: Category) => {
      const params = new URLSearchParams();
      if (query.trim()) params.set('query', query.trim());
      if (category) params.set('category', category);
      const search = params.toString();
      return search ? `/search?${search}` : '/search';
    },
  },
  about: fixed(pageRoutes.about),
  login: {
    path: pageRoutes.login,
    /** `redirectTo`: where to go back to once logged in (read with `safeRedirectPath`). */
    getHref: (redirectTo?: string) =>
      redirectTo && redirectTo !== '/' ? `/login?${new URLSearchParams({ redirectTo }).toString()}` : '/login',
  },
  signup: fixed(pageRoutes.signup),
  forgotPassword: fixed(pageRoutes.forgotPassword),
  resetPassword: {
    path: pageRoutes.resetPassword,
    getHref: (token: string) => `/api/auth/reset-password/${encodeURIComponent(token)}`,
  },
  myOrders: fixed(pageRoutes.myOrders),
  myOrder: {
    path: pageRoutes.myOrder,
    getHref: (orderId: string) => `/my-orders/${encodeURIComponent(orderId)}`,
  },
  account: fixed(pageRoutes.account),
  admin: fixed(pageRoutes.admin),
  adminReviews: fixed(pageRoutes.adminReviews),
  adminMessages: fixed(pageRoutes.adminMessages),
  adminAudit: fixed(pageRoutes.adminAudit),
  adminPacking: fixed(pageRoutes.adminPacking),
  adminStaff: fixed(pageRoutes.adminStaff),
  adminReports: fixed(pageRoutes.adminReports),
  staffAccept: {
    path: pageRoutes.staffAccept,
    getHref: (token: string) => `/staff/accept/${encodeURIComponent(token)}`,
  },
  adminDelivery: fixed(pageRoutes.adminDelivery),
  adminPromotions: fixed(pageRoutes.adminPromotions),
  adminBatches: fixed(pageRoutes.adminBatches),
  adminProducts: fixed(pageRoutes.adminProducts),
  adminNewProduct: fixed(pageRoutes.adminNewProduct),
  adminProduct: {
    path: pageRoutes.adminProduct,
    getHref: (productId: string) => `/admin/products/${encodeURIComponent(productId)}`,
  },
  privacy: fixed(pageRoutes.privacy),
  terms: fixed(pageRoutes.terms),
  delivery: fixed(pageRoutes.delivery),
  returns: fixed(pageRoutes.returns),
  faq: fixed(pageRoutes.faq),

  // Screens that later issues build; listed now so links are written once.
  cart: fixed(pageRoutes.cart),
  reviews: fixed(pageRoutes.reviews),
  contact: fixed(pageRoutes.contact),
  shipping: fixed(pageRoutes.shipping),
  /** The payment provider returns here with `?session_id=`; the shop itself never links to it. */
  success: { path: pageRoutes.success, getHref: (sessionId: string) => withSessionId('/success', sessionId) },
  cancel: fixed(pageRoutes.cancel),
  orderConfirmation: {
    path: pageRoutes.orderConfirmation,
    getHref: (sessionId: string) => withSessionId('/order-confirmation', sessionId),
  },
} as const;

/** The payment session's query parameter, named as Stripe names it. */
export const SESSION_ID_PARAM = 'session_id';

function withSessionId(path: string, sessionId: string): string {
  return `${path}?${new URLSearchParams({ [SESSION_ID_PARAM]: sessionId }).toString()}`;
}

/**
 * A `redirectTo` from the address bar, if it names a page of this shop; otherwise the home page. Anything
 * else ('//evil.example', 'https://…', '/\\evil.example') would let a link send a shopper elsewhere after login.
 */
export function safeRedirectPath(redirectTo: string | null | undefined): string {
  if (!redirectTo?.startsWith('/') || redirectTo.startsWith('//') || redirectTo.startsWith('/\\')) return '/';
  return redirectTo;
}
