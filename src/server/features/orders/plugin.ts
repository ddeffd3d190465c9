/**
 * Adds the orders domain's services, each made once here: `app.quotes` (a cart's price), `app.checkout` (the shopper's way from a cart to a paid
 * order, with the stock its checkouts hold), `app.ordersAdmin` (the owner's order operations), `app.customerOrders` (a customer's own order), and `app.refunds` with
 * `app.refundSettlement` (the owner's refunds and cancellations, and how each refund is settled with the provider).
 */
import fp from 'fastify-plugin';
import { type CheckoutService, createCheckoutService } from './checkout-service.ts';
import { createCustomerOrders } from './customer-orders.ts';
import { createOrdersAdminService, type OrdersAdminService } from './admin-service.ts';
import { createPackingService, type PackingService } from './packing.ts';
import { createReports, type Reports } from './reports.ts';
import { createRefundService, type RefundService } from './refund-service.ts';
import { createRefundSettlement, type RefundSettlement } from './refund-settlement.ts';
import { createQuoteService } from './quote-service.ts';
import { createStockHolds } from './stock-holds.ts';

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
    ordersAdmin: OrdersAdminService;
    packing: PackingService;
    reports: Reports;
    refunds: RefundService;
    refundSettlement: RefundSettlement;
  }
}

export default fp(
  async (app) => {
    const { db, unitOfWork, checkoutRepository, orderRepository, reportRepository, productRepository } = app;
    const { refundRepository, payments, audit, deliverySettings, promotionRepository } = app;
    const quotes = createQuoteService({ db, productRepository, deliverySettings, promotionRepository });
    app.decorate('quotes', quotes);
    /** After a commit that sold a weight out or brought one back: the shop's pages must say so, in every process. */
    const stockShown = async (changed: boolean) => {
      if (changed) await app.catalog.changed();
    };
    const stockHolds = createStockHolds({ db, checkoutRepository, productRepository, stockShown });
    const settlement = createRefundSettlement({ unitOfWork, refundRepository, payments, log: app.log });
    const refunds = createRefundService({
      unitOfWork,
      audit,
      refundRepository,
      productRepository,
      payments,
      settlement,
      stockShown,
    });
    app.decorate('refundSettlement', settlement);
    app.decorate('refunds', refunds);
    app.decorate(
      'checkout',
      createCheckoutService({
        db,
        unitOfWork,
        checkoutRepository,
        orderRepository,
        productRepository,
        quotes,
        payments,
        stockHolds,
        refunds,
        refundRepository,
        refundSettlement: settlement,
        stockShown,
        log: app.log,
      }),
    );
    const ordersAdmin = createOrdersAdminService({ unitOfWork, audit, orderRepository, reportRepository });
    app.decorate('ordersAdmin', ordersAdmin);
    app.decorate('reports', createReports(reportRepository));
    app.decorate('customerOrders', createCustomerOrders(orderRepository));
    app.decorate('packing', createPackingService({ orderRepository, productRepository, ordersAdmin }));
  },
  {
    name: 'orders',
    dependencies: [
      'order-repositories',
      'product-repository',
      'catalog',
      'payments',
      'unit-of-work',
      'audit',
      'delivery-settings',
      'promotion-repository',
    ],
  },
);
