/**
 * `app.reportRepository`: the owner's figures read from the orders, for the books (the orders CSV) and the
 * dashboard. Days and months are London's; reports only read, so they never hold a row another write needs.
 */
import { and, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { orders } from '../../db/schema.ts';
import { type CheckoutLine, linesByOrderId } from './order-records.ts';

/** One order as the books see it; `email` is null once the customer deleted their account (decision 061). */
export interface BooksOrder {
  orderNumber: number;
  createdAt: Date;
  email: string | null;
  totalPence: number;
  lines: CheckoutLine[];
}

export interface ReportRepository {
  /**
   * The books' view of the orders placed on London days `from` to `to` (both included), oldest first: up to `limit`
   * after order number `afterNumber`, anonymised ones included (their e-mail is null; the figures stay).
   */
  ordersForBooks(query: { from: string; to: string; afterNumber: number; limit: number }): Promise<BooksOrder[]>;
  /** For the owner's dashboard: orders waiting to be dispatched, and the takings of today and this month in London. */
  dashboardFigures(): Promise<{ toDispatch: number; todayPence: number; thisMonthPence: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reportRepository: ReportRepository;
  }
}

export function createReportRepository(appDb: Database): ReportRepository {
  return {
    async ordersForBooks({ from, to, afterNumber, limit }) {
      const londonDay = sql`(${orders.createdAt} at time zone 'Europe/London')::date`;
      const rows = await appDb
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          createdAt: orders.createdAt,
          email: orders.email,
          totalPence: orders.totalPence,
        })
        .from(orders)
        .where(and(sql`${londonDay} between ${from}::date and ${to}::date`, gt(orders.orderNumber, afterNumber)))
        .orderBy(orders.orderNumber)
        .limit(limit);
      const linesByOrder = await linesByOrderId(
        appDb,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...row, lines: linesByOrder.get(row.id) ?? [] }));
    },

    async dashboardFigures() {
      const londonNow = sql`(now() at time zone 'Europe/London')`;
      const londonCreated = sql`(${orders.createdAt} at time zone 'Europe/London')`;
      const [row] = await appDb
        .select({
          toDispatch: sql<number>`count(*) filter (where ${orders.status} = 'processing')::int`,
          todayPence: sql<number>`coalesce(sum(${orders.totalPence}) filter (where ${londonCreated}::date = ${londonNow}::date), 0)::int`,
          thisMonthPence: sql<number>`coalesce(sum(${orders.totalPence}) filter (where date_trunc('month', ${londonCreated}) = date_trunc('month', ${londonNow})), 0)::int`,
        })
        .from(orders);
      return row ?? { toDispatch: 0, todayPence: 0, thisMonthPence: 0 };
    },
  };
}
