/**
 * Every page URL of the storefront and how to build links to it, so no component retypes a path. The patterns
 * come from `#shared/page-routes`, which the server also reads to tell known pages from unknown ones.
 */
import type { Category } from '#shared/constants';
import { pageRoutes } from '#shared/page-routes';

export const paths = {
  home: { path: pageRoutes.home, getHref: () => '/' },
  products: {
    path: pageRoutes.products,
    getHref: (category?: Category) =>
      category ? `/product?${new URLSearchParams({ category }).toString()}` : '/product',
  },
  product: {
    path: pageRoutes.product,
    getHref: (productId: string) => `/product/${encodeURIComponent(productId)}`,
  },
  bestsellers: { path: pageRoutes.bestsellers, getHref: () => '/products/bestsellers' },
  newLaunches: { path: pageRoutes.newLaunches, getHref: () => '/products/new-launches' },
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
  about: { path: pageRoutes.about, getHref: () => '/about' },
  login: {
    path: pageRoutes.login,
    /** `redirectTo`: where to go back to once logged in (read with `safeRedirectPath`). */
    getHref: (redirectTo?: string) =>
      redirectTo && redirectTo !== '/' ? `/login?${new URLSearchParams({ redirectTo }).toString()}` : '/login',
  },
  signup: { path: pageRoutes.signup, getHref: () => '/signup' },
  forgotPassword: { path: pageRoutes.forgotPassword, getHref: () => '/forgot-password' },
  resetPassword: {
    path: pageRoutes.resetPassword,
    getHref: (token: string) => `/api/auth/reset-password/${encodeURIComponent(token)}`,
  },
  myOrders: { path: pageRoutes.myOrders, getHref: () => '/my-orders' },
  account: { path: pageRoutes.account, getHref: () => '/account' },

  // Screens that later issues build; listed now so links are written once.
  cart: { path: pageRoutes.cart, getHref: () => '/cart' },
  reviews: { path: pageRoutes.reviews, getHref: () => '/reviews' },
  contact: { path: pageRoutes.contact, getHref: () => '/contact' },
  shipping: { path: pageRoutes.shipping, getHref: () => '/shipping' },
  /** The payment provider returns here with `?session_id=`; the shop itself never links to it. */
  success: { path: pageRoutes.success, getHref: (sessionId: string) => withSessionId('/success', sessionId) },
  cancel: { path: pageRoutes.cancel, getHref: () => '/cancel' },
  orderConfirmation: {
    path: pageRoutes.orderConfirmation,
    getHref: (sessionId: string) => withSessionId('/order-confirmation', sessionId),
  },
} as const;

/** The payment session's query parameter, named as the spec and Stripe name it. */
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
