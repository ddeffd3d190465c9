/**
 * The orders domain as the app registers it: its plugins (`app.checkoutRepository`, `app.orderRepository`,
 * `app.reportRepository`; `app.payments`; `app.checkout`, `app.ordersAdmin`, `app.quotes`), the order routes, the quote route, the owner's order
 * routes and the built-in test payment page. Other domains use it only through those decorators (reviews ask
 * `app.orderRepository.hasOrders` for the verified badge, the owner's stock figures `app.checkoutRepository`).
 */
export type { CheckoutRepository } from './checkout-repository.ts';
export { default as ordersAdminRoutes } from './admin-routes.ts';
export { default as ordersPlugin } from './plugin.ts';
export { default as payPageRoutes } from './pay-page/routes.ts';
export { default as paymentsPlugin } from './payments/plugin.ts';
export { default as orderRepositoriesPlugin } from './repositories.ts';
export { default as ordersRoutes } from './routes.ts';
export { default as newOrderAlertsPlugin } from './new-order-alerts.ts';
export { default as quoteRoutes } from './quote-routes.ts';
export { default as refundSweepPlugin } from './refund-sweep.ts';
export { default as reportRoutes } from './report-routes.ts';
export { default as stockSweepPlugin } from './stock-sweep.ts';
