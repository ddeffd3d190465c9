/**
 * The URL pattern of every storefront page, written once: the web router builds its routes
 * from them, and the server answers these with 200 and any other page address with 404.
 */
export const pageRoutes = {
  home: '/',
  products: '/product',
  product: '/product/:productId',
  bestsellers: '/products/bestsellers',
  newLaunches: '/products/new-launches',
  search: '/search',
  about: '/about',
  cart: '/cart',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  // NOTE: this page sits under /api/ (the address reset mails link to); the server answers the page to a GET and the API to the PUT.
  resetPassword: '/api/auth/reset-password/:token',
  reviews: '/reviews',
  contact: '/contact',
  shipping: '/shipping',
  success: '/success',
  cancel: '/cancel',
  orderConfirmation: '/order-confirmation',
  myOrders: '/my-orders',
  /** One of the customer's orders, with its VAT receipt. */
  myOrder: '/my-orders/:orderId',
  account: '/account',
  /** The owner's screens (docs/api.md, The owner's API), for admins only. */
  admin: '/admin',
  adminReviews: '/admin/reviews',
  adminMessages: '/admin/messages',
  adminAudit: '/admin/audit',
  adminPacking: '/admin/packing',
  adminStaff: '/admin/staff',
  adminReports: '/admin/reports',
  /** Where an invitation's link lands: the new member of staff sets a password. */
  staffAccept: '/staff/accept/:token',
  adminDelivery: '/admin/delivery',
  adminPromotions: '/admin/promotions',
  adminBatches: '/admin/batches',
  adminProducts: '/admin/products',
  adminNewProduct: '/admin/products/new',
  adminProduct: '/admin/products/:productId',
  privacy: '/privacy',
  terms: '/terms',
  delivery: '/delivery',
  returns: '/returns',
  faq: '/faq',
} as const;

export type PageRouteName = keyof typeof pageRoutes;

/**
 * The query parameters each page reads from its address (its screen, its route's loader, the server's renderer);
 * a page not listed reads none. The server answers a page asked for with any other parameter (`utm_*`, `gclid`, …)
 * as the page without it, from what it has prepared (decision 107), so a screen that starts reading a parameter
 * must name it here.
 */
export const pageQueryParams: Partial<Record<PageRouteName, readonly string[]>> = {
  products: ['category', 'sort', 'free-from'],
  search: ['query', 'category', 'sort', 'free-from'],
  login: ['redirectTo'],
  success: ['session_id'],
  orderConfirmation: ['session_id'],
};
