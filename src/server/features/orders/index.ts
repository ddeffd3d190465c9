/**
 * The checkout as the app registers it: its plugins (`app.orderRepository`, `app.payments`, `app.checkout`), the
 * order routes and the built-in test payment page. Other domains use it only through those decorators (reviews ask
 * `app.orderRepository.hasOrders` for the verified badge).
 */
export { default as ordersAdminRoutes } from './admin-routes.ts';
export { default as orderRepositoryPlugin } from './order-repository.ts';
export { default as payPageRoutes } from './pay-page/routes.ts';
export { default as paymentsPlugin } from './payments/plugin.ts';
export { default as ordersRoutes } from './routes.ts';
export { default as checkoutPlugin } from './service.ts';
export { default as stockSweepPlugin } from './stock-sweep.ts';
