/**
 * Adds `app.adminSummary`: the owner's dashboard (docs/api.md, The owner's API): orders waiting to be dispatched,
 * today's and this month's takings, the messages nobody has opened, the weights running low and the last day's
 * unpaid checkouts (decision 098). It asks the orders and contact domains
 * through their decorators; it owns no table.
 */
import fp from 'fastify-plugin';
import { penceToPounds } from '#shared/money';
import type { AdminSummary } from '#shared/schemas/admin';
import type { LowWeight } from '../catalog/index.ts';
import type { CheckoutRepository } from '../orders/index.ts';

/** The orders domain's figures, in pence. */
export interface OrderFigures {
  toDispatch: number;
  todayPence: number;
  thisMonthPence: number;
}

export interface AdminSummaryService {
  summary(): Promise<AdminSummary>;
}

/** The unpaid checkouts the dashboard shows: the last day's, at most this many. */
const UNPAID_SHOWN = 20;
const DAY_MS = 24 * 3_600_000;

export function createAdminSummaryService(deps: {
  orderFigures: () => Promise<OrderFigures>;
  countNewMessages: () => Promise<number>;
  runningLow: () => Promise<LowWeight[]>;
  unpaidSince: CheckoutRepository['unpaidSince'];
}): AdminSummaryService {
  return {
    async summary() {
      const [figures, newMessages, low, unpaid] = await Promise.all([
        deps.orderFigures(),
        deps.countNewMessages(),
        deps.runningLow(),
        deps.unpaidSince(new Date(Date.now() - DAY_MS), UNPAID_SHOWN),
      ]);
      return {
        ordersToDispatch: figures.toDispatch,
        takingsToday: penceToPounds(figures.todayPence),
        takingsThisMonth: penceToPounds(figures.thisMonthPence),
        newMessages,
        lowStock: low.map((weight) => ({
          _id: weight.productId,
          name: weight.name,
          selectedWeight: weight.label,
          stock: weight.stock,
          lowStockAt: weight.lowStockAt,
        })),
        unpaidCheckouts: unpaid.map((checkout) => ({
          createdAt: checkout.createdAt.toISOString(),
          // An anonymised checkout is left out by the query; the column is only null then.
          email: checkout.email ?? '',
          lines: checkout.lines.map(({ name, selectedWeight, qty }) => ({ name, selectedWeight, qty })),
          amount: penceToPounds(checkout.amountPence),
          holdsStock: checkout.holdsStock,
        })),
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    adminSummary: AdminSummaryService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'adminSummary',
      createAdminSummaryService({
        orderFigures: () => app.reportRepository.dashboardFigures(),
        countNewMessages: () => app.contactRepository.countNew(),
        runningLow: () => app.lowStockAlerts.runningLow(),
        unpaidSince: (since, limit) => app.checkoutRepository.unpaidSince(since, limit),
      }),
    );
  },
  { name: 'admin-summary', dependencies: ['order-repositories', 'contact-repository', 'low-stock-alerts'] },
);
