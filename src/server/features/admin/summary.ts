/**
 * Adds `app.adminSummary`: the owner's dashboard (docs/api.md, The owner's API): orders waiting to be dispatched,
 * today's and this month's takings, and the messages nobody has opened. It asks the orders and contact domains
 * through their decorators; it owns no table.
 */
import fp from 'fastify-plugin';
import { penceToPounds } from '#shared/money';
import type { AdminSummary } from '#shared/schemas/admin';

/** The orders domain's figures, in pence. */
export interface OrderFigures {
  toDispatch: number;
  todayPence: number;
  thisMonthPence: number;
}

export interface AdminSummaryService {
  summary(): Promise<AdminSummary>;
}

export function createAdminSummaryService(deps: {
  orderFigures: () => Promise<OrderFigures>;
  countNewMessages: () => Promise<number>;
}): AdminSummaryService {
  return {
    async summary() {
      const [figures, newMessages] = await Promise.all([deps.orderFigures(), deps.countNewMessages()]);
      return {
        ordersToDispatch: figures.toDispatch,
        takingsToday: penceToPounds(figures.todayPence),
        takingsThisMonth: penceToPounds(figures.thisMonthPence),
        newMessages,
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
      }),
    );
  },
  { name: 'admin-summary', dependencies: ['order-repositories', 'contact-repository'] },
);
