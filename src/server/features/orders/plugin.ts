/**
 * Adds the orders domain's services, each made once here: `app.checkout` (the shopper's way from a cart to a paid
 * order, with the stock its checkouts hold) and `app.ordersAdmin` (the owner's order operations).
 */
import fp from 'fastify-plugin';
import { type CheckoutService, createCheckoutService } from './checkout-service.ts';
import { createOrdersAdminService, type OrdersAdminService } from './admin-service.ts';
import { createStockHolds } from './stock-holds.ts';

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
    ordersAdmin: OrdersAdminService;
  }
}

export default fp(
  async (app) => {
    const { db, unitOfWork, checkoutRepository, orderRepository, reportRepository, productRepository } = app;
    /** After a commit that sold a weight out or brought one back: the shop's pages must say so, in every process. */
    const stockShown = async (changed: boolean) => {
      if (changed) await app.catalog.changed();
    };
    const stockHolds = createStockHolds({ db, checkoutRepository, productRepository, stockShown });
    app.decorate(
      'checkout',
      createCheckoutService({
        db,
        unitOfWork,
        checkoutRepository,
        orderRepository,
        productRepository,
        payments: app.payments,
        stockHolds,
        stockShown,
        log: app.log,
      }),
    );
    app.decorate(
      'ordersAdmin',
      createOrdersAdminService({ unitOfWork, audit: app.audit, orderRepository, reportRepository }),
    );
  },
  {
    name: 'orders',
    dependencies: ['order-repositories', 'product-repository', 'catalog', 'payments', 'unit-of-work', 'audit'],
  },
);
