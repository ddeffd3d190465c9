/** Every page URL of the storefront and how to build links to it, so no component retypes a path. */
import type { Category } from '#shared/constants';

export const paths = {
  home: { path: '/', getHref: () => '/' },
  products: {
    path: '/product',
    getHref: (category?: Category) =>
      category ? `/product?${new URLSearchParams({ category }).toString()}` : '/product',
  },
  product: {
    path: '/product/:productId',
    getHref: (productId: string) => `/product/${encodeURIComponent(productId)}`,
  },
  bestsellers: { path: '/products/bestsellers', getHref: () => '/products/bestsellers' },
  newLaunches: { path: '/products/new-launches', getHref: () => '/products/new-launches' },
  search: {
    path: '/search',
    /** Leaves out an empty query and "All categories", so shared links stay short. */
    getHref: (query: string, category?: Category) => {
      const params = new URLSearchParams();
      if (query.trim()) params.set('query', query.trim());
      if (category) params.set('category', category);
      const search = params.toString();
      return search ? `/search?${search}` : '/search';
    },
  },
  about: { path: '/about', getHref: () => '/about' },

  // Screens that later issues build; listed now so links are written once.
  cart: { path: '/cart', getHref: () => '/cart' },
  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/api/auth/reset-password/:token',
    getHref: (token: string) => `/api/auth/reset-password/${encodeURIComponent(token)}`,
  },
  reviews: { path: '/reviews', getHref: () => '/reviews' },
  contact: { path: '/contact', getHref: () => '/contact' },
  shipping: { path: '/shipping', getHref: () => '/shipping' },
  success: { path: '/success', getHref: () => '/success' },
  cancel: { path: '/cancel', getHref: () => '/cancel' },
  orderConfirmation: { path: '/order-confirmation', getHref: () => '/order-confirmation' },
  myOrders: { path: '/my-orders', getHref: () => '/my-orders' },
} as const;
