/**
 * The owner's reports (decision 099): sales by day, week or month with the best sellers, and the VAT of a period by
 * rate with boxes 1 and 6 of the VAT return. Both read the books (`ordersForBooks`, `refundsForBooks`) a page at a
 * time and split VAT exactly as the orders CSV does (delivery with the goods, each refund by what it was for), so the
 * reports, the CSV and the return agree to the penny. London days throughout.
 */
import type { VatRate } from '#shared/constants';
import { penceToPounds } from '#shared/money';
import {
  BEST_SELLERS_SHOWN,
  type ReportInterval,
  type SalesReport,
  type SalesReportQuery,
  type VatReport,
  type VatReportQuery,
} from '#shared/schemas/report';
import { type VatLine, vatWithDelivery } from '#shared/vat';
import { lineTotalPence } from './order-records.ts';
import { refundVat } from './orders-csv.ts';
import type { BooksOrder, BooksRefund, ReportRepository } from './report-repository.ts';

const PAGE = 2_000;
const londonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });

/** The London day of a moment, YYYY-MM-DD. */
export const londonDate = (at: Date) => londonDay.format(at);

/** The first day of the interval holding `day`: itself, its week's Monday, or its month's first. */
export function intervalStart(day: string, interval: ReportInterval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** Every interval's first day from the one holding `from` to the one holding `to`. */
export function intervalStarts(from: string, to: string, interval: ReportInterval): string[] {
  const starts: string[] = [];
  const date = new Date(`${intervalStart(from, interval)}T00:00:00Z`);
  while (date.toISOString().slice(0, 10) <= to) {
    starts.push(date.toISOString().slice(0, 10));
    if (interval === 'day') date.setUTCDate(date.getUTCDate() + 1);
    else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7);
    else date.setUTCMonth(date.getUTCMonth() + 1);
  }
  return starts;
}

async function eachOrder(repository: ReportRepository, from: string, to: string, visit: (order: BooksOrder) => void) {
  for (let afterNumber = 0; ; ) {
    const page = await repository.ordersForBooks({ from, to, afterNumber, limit: PAGE });
    page.forEach(visit);
    const last = page.at(-1);
    if (!last || page.length < PAGE) return;
    afterNumber = last.orderNumber;
  }
}

async function eachRefund(
  repository: ReportRepository,
  from: string,
  to: string,
  visit: (refund: BooksRefund) => void,
) {
  for (let after: { succeededAt: Date; id: string } | undefined; ; ) {
    const page = await repository.refundsForBooks({ from, to, after, limit: PAGE });
    page.forEach(visit);
    const last = page.at(-1);
    if (!last || page.length < PAGE) return;
    after = { succeededAt: last.succeededAt, id: last.id };
  }
}

const vatOf = (lines: readonly VatLine[]) => lines.reduce((sum, line) => sum + line.vatPence, 0);

export interface Reports {
  sales(query: SalesReportQuery): Promise<SalesReport>;
  vat(query: VatReportQuery): Promise<VatReport>;
}

export function createReports(repository: ReportRepository): Reports {
  return {
    async sales({ from, to, interval }) {
      const points = new Map(
        intervalStarts(from, to, interval).map((start) => [
          start,
          { orders: 0, grossPence: 0, vatPence: 0, refundsPence: 0 },
        ]),
      );
      const sellers = new Map<string, { name: string; units: number; grossPence: number }>();
      await eachOrder(repository, from, to, (order) => {
        const point = points.get(intervalStart(londonDate(order.createdAt), interval));
        if (point) {
          point.orders += 1;
          point.grossPence += order.totalPence;
          point.vatPence += vatOf(vatWithDelivery(order.lines, order.deliveryPence));
        }
        for (const line of order.lines) {
          const seller = sellers.get(line.productId) ?? { name: line.name, units: 0, grossPence: 0 };
          seller.units += line.qty;
          seller.grossPence += lineTotalPence(line);
          sellers.set(line.productId, seller);
        }
      });
      await eachRefund(repository, from, to, (refund) => {
        const point = points.get(intervalStart(londonDate(refund.succeededAt), interval));
        if (!point) return;
        point.refundsPence += refund.amountPence;
        point.vatPence -= vatOf(refundVat(refund));
      });
      return {
        points: [...points].map(([start, point]) => ({
          start,
          orders: point.orders,
          gross: penceToPounds(point.grossPence),
          refunds: penceToPounds(point.refundsPence),
          vat: penceToPounds(point.vatPence),
          net: penceToPounds(point.grossPence - point.refundsPence - point.vatPence),
        })),
        bestSellers: [...sellers]
          .sort(([, a], [, b]) => b.units - a.units || b.grossPence - a.grossPence || a.name.localeCompare(b.name))
          .slice(0, BEST_SELLERS_SHOWN)
          .map(([id, seller]) => ({
            _id: id,
            name: seller.name,
            units: seller.units,
            gross: penceToPounds(seller.grossPence),
          })),
      };
    },

    async vat({ from, to }) {
      const byRate = new Map<VatRate, { grossPence: number; vatPence: number }>();
      const add = (lines: readonly VatLine[], sign: 1 | -1) => {
        for (const line of lines) {
          const rate = byRate.get(line.rate) ?? { grossPence: 0, vatPence: 0 };
          rate.grossPence += sign * line.grossPence;
          rate.vatPence += sign * line.vatPence;
          byRate.set(line.rate, rate);
        }
      };
      await eachOrder(repository, from, to, (order) => add(vatWithDelivery(order.lines, order.deliveryPence), 1));
      await eachRefund(repository, from, to, (refund) => add(refundVat(refund), -1));
      const rates = [...byRate].sort(([a], [b]) => b - a);
      const vatPence = rates.reduce((sum, [, rate]) => sum + rate.vatPence, 0);
      const netPence = rates.reduce((sum, [, rate]) => sum + rate.grossPence - rate.vatPence, 0);
      return {
        byRate: rates.map(([rate, totals]) => ({
          rate,
          gross: penceToPounds(totals.grossPence),
          vat: penceToPounds(totals.vatPence),
          net: penceToPounds(totals.grossPence - totals.vatPence),
        })),
        box1: penceToPounds(vatPence),
        // The return takes whole pounds in box 6; the pence are left off, as HMRC's guidance says.
        box6: Math.trunc(netPence / 100),
      };
    },
  };
}
