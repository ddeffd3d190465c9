/**
 * `app.reportRepository`: the owner's figures read from the orders, for the books (the orders CSV) and the
 * dashboard. Days and months are London's; reports only read, so they never hold a row another write needs.
 */
import { type AnyColumn, and, eq, sql } from 'drizzle-orm';
import type { RefundLine } from '#shared/schemas/refund';
import type { Database } from '../../db/database.ts';
import { orders, refunds } from '../../db/schema.ts';
import { type CheckoutLine, linesByOrderId } from './order-records.ts';

/** One order as the books see it; `email` is null once the customer deleted their account (decision 061). */
export interface BooksOrder {
  orderNumber: number;
  createdAt: Date;
  email: string | null;
  totalPence: number;
  subtotalPence: number;
  discountPence: number;
  deliveryPence: number;
  lines: CheckoutLine[];
}

/** One refund as the books see it: counted on the London day it succeeded (docs/api.md, Refunds and cancellations). */
export interface BooksRefund {
  id: string;
  orderNumber: number;
  succeededAt: Date;
  email: string | null;
  amountPence: number;
  reason: string;
  /** The packs it was for, or null for an amount alone; `orderLines` are the order's, to split its VAT by. */
  lines: RefundLine[] | null;
  orderLines: CheckoutLine[];
}

export interface ReportRepository {
  /**
   * The books' view of the orders placed on London days `from` to `to` (both included), oldest first: up to `limit`
   * after order number `afterNumber`, anonymised ones included (their e-mail is null; the figures stay).
   */
  ordersForBooks(query: { from: string; to: string; afterNumber: number; limit: number }): Promise<BooksOrder[]>;
  /** The refunds that succeeded on London days `from` to `to`, in the order they did: up to `limit` after `after`. */
  refundsForBooks(query: {
    from: string;
    to: string;
    after: { succeededAt: Date; id: string } | undefined;
    limit: number;
  }): Promise<BooksRefund[]>;
  /**
   * For the owner's dashboard: orders waiting to be dispatched, and the takings of today and this month in London, net
   * of the refunds that succeeded on those days.
   */
  dashboardFigures(): Promise<{ toDispatch: number; todayPence: number; thisMonthPence: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reportRepository: ReportRepository;
  }
}

/** Sums of `amount` over the rows whose `at` falls on today's London day and in this London month. */
function londonTakings(at: AnyColumn, amount: AnyColumn) {
  const londonNow = sql`(now() at time zone 'Europe/London')`;
  const londonAt = sql`(${at} at time zone 'Europe/London')`;
  return {
    todayPence: sql<number>`coalesce(sum(${amount}) filter (where ${londonAt}::date = ${londonNow}::date), 0)::int`,
    thisMonthPence: sql<number>`coalesce(sum(${amount}) filter (where date_trunc('month', ${londonAt}) = date_trunc('month', ${londonNow})), 0)::int`,
  };
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
          subtotalPence: orders.subtotalPence,
          discountPence: orders.discountPence,
          deliveryPence: orders.deliveryPence,
        })
        .from(orders)
        .where(
          and(sql`${londonDay} between ${from}::date and ${to}::date`, sql`${orders.orderNumber} > ${afterNumber}`),
        )
        .orderBy(orders.orderNumber)
        .limit(limit);
      const linesByOrder = await linesByOrderId(
        appDb,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...row, lines: linesByOrder.get(row.id) ?? [] }));
    },

    async refundsForBooks({ from, to, after, limit }) {
      const londonDay = sql`(${refunds.succeededAt} at time zone 'Europe/London')::date`;
      const rows = await appDb
        .select({
          id: refunds.id,
          orderId: refunds.orderId,
          orderNumber: orders.orderNumber,
          succeededAt: refunds.succeededAt,
          email: orders.email,
          amountPence: refunds.amountPence,
          reason: refunds.reason,
          lines: refunds.lines,
        })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(
          and(
            eq(refunds.status, 'succeeded'),
            sql`${londonDay} between ${from}::date and ${to}::date`,
            after
              ? sql`(${refunds.succeededAt}, ${refunds.id}) > (${after.succeededAt.toISOString()}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(refunds.succeededAt, refunds.id)
        .limit(limit);
      const linesByOrder = await linesByOrderId(appDb, [...new Set(rows.map((row) => row.orderId))]);
      // NOTE: the succeeded filter above is what the table's check ties to a set succeeded_at.
      return rows.map(({ orderId, succeededAt, ...row }) => ({
        ...row,
        succeededAt: succeededAt as Date,
        orderLines: linesByOrder.get(orderId) ?? [],
      }));
    },

    async dashboardFigures() {
      const [[row], [refunded]] = await Promise.all([
        appDb
          .select({
            toDispatch: sql<number>`count(*) filter (where ${orders.status} = 'processing')::int`,
            ...londonTakings(orders.createdAt, orders.totalPence),
          })
          .from(orders),
        appDb
          .select(londonTakings(refunds.succeededAt, refunds.amountPence))
          .from(refunds)
          .where(eq(refunds.status, 'succeeded')),
      ]);
      if (!row) return { toDispatch: 0, todayPence: 0, thisMonthPence: 0 };
      return {
        toDispatch: row.toDispatch,
        todayPence: row.todayPence - (refunded?.todayPence ?? 0),
        thisMonthPence: row.thisMonthPence - (refunded?.thisMonthPence ?? 0),
      };
    },
  };
}
