/**
 * Adds the orders domain's four repositories, split by what they serve: `app.checkoutRepository` (checkouts and
 * the stock they hold), `app.orderRepository` (orders, from placing to the owner's moves) and `app.reportRepository`
 * (the owner's figures) and `app.refundRepository` (refunds and cancellations). One plugin, so whatever depends on any of them names one: 'order-repositories'.
 */
import fp from 'fastify-plugin';
import { createCheckoutRepository } from './checkout-repository.ts';
import { createOrderRepository } from './order-repository.ts';
import { createRefundRepository } from './refund-repository.ts';
import { createReportRepository } from './report-repository.ts';

export default fp(
  async (app) => {
    app.decorate('checkoutRepository', createCheckoutRepository(app.db));
    app.decorate('orderRepository', createOrderRepository(app.db));
    app.decorate('reportRepository', createReportRepository(app.db));
    app.decorate('refundRepository', createRefundRepository(app.db));
  },
  { name: 'order-repositories', dependencies: ['database'] },
);
