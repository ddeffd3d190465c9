/**
 * The orders of some days as CSV, for the books (docs/api.md, The owner's API): number, date and time in London,
 * e-mail, lines, the goods and VAT at each rate (delivery's share included), the subtotal, discount and delivery, and
 * the total. Written as it is read, a page of orders at a time, so
 * a year of orders never sits in memory.
 */
import { VAT_RATES } from '#shared/constants';
import { penceToPounds } from '#shared/money';
import type { OrdersCsvQuery } from '#shared/schemas/admin';
import type { VatReport } from '#shared/schemas/report';
import { refundVatBreakdown, type VatLine, vatWithDelivery } from '#shared/vat';
import { formatOrderNumber, packsCostPence } from './order-records.ts';
import type { BooksRefund, ReportRepository } from './report-repository.ts';

const PAGE_SIZE = 500;
// Highest rate first, as receipts show them.
const RATES = [...VAT_RATES].sort((a, b) => b - a);

const HEADER = [
  'Order',
  'Date (London)',
  'E-mail',
  'Lines',
  ...RATES.flatMap((rate) => [`Goods at ${rate}% (incl. VAT)`, `VAT at ${rate}%`]),
  'Subtotal',
  'Discount',
  'Delivery',
  'Total',
];

const londonTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 2026-11-27 14:05, in London. */
function londonDateTime(date: Date): string {
  const part = Object.fromEntries(londonTime.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a field a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, since the lines hold product names.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** An amount the shop wrote: a number, so never guarded as a formula (a refund's is negative). */
interface Amount {
  pence: number;
}
const csvLine = (fields: (string | Amount)[]) =>
  `${fields.map((field) => (typeof field === 'string' ? csvField(field) : penceToPounds(field.pence).toFixed(2))).join(',')}\r\n`;
const pounds = (pence: number): Amount => ({ pence });

/** The goods and VAT columns, highest rate first; `sign` -1 for a refund's row. */
const rateColumns = (entries: VatLine[], sign = 1) => {
  const byRate = new Map(entries.map((entry) => [entry.rate, entry]));
  return RATES.flatMap((rate) => [
    pounds(sign * (byRate.get(rate)?.grossPence ?? 0)),
    pounds(sign * (byRate.get(rate)?.vatPence ?? 0)),
  ]);
};

/**
 * The orders of those days, then their refunds (docs/api.md, Refunds and cancellations): each refund its own row with
 * negative amounts, on the day it succeeded, its VAT split in proportion to what it was for (packs of a discounted
 * line at their share of the line after its discount). A refund's subtotal, discount and delivery are left empty.
 */
export async function* ordersCsv(
  repository: Pick<ReportRepository, 'ordersForBooks' | 'refundsForBooks'>,
  { from, to }: OrdersCsvQuery,
): AsyncGenerator<string> {
  yield csvLine(HEADER);
  let afterNumber = 0;
  for (;;) {
    const page = await repository.ordersForBooks({ from, to, afterNumber, limit: PAGE_SIZE });
    for (const order of page) {
      yield csvLine([
        formatOrderNumber(order.orderNumber),
        londonDateTime(order.createdAt),
        order.email ?? '',
        order.lines.map((line) => `${line.qty} × ${line.name} ${line.selectedWeight}`).join('; '),
        ...rateColumns(vatWithDelivery(order.lines, order.deliveryPence)),
        pounds(order.subtotalPence),
        pounds(order.discountPence),
        pounds(order.deliveryPence),
        pounds(order.totalPence),
      ]);
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) break;
    afterNumber = last.orderNumber;
  }
  let after: { succeededAt: Date; id: string } | undefined;
  for (;;) {
    const page = await repository.refundsForBooks({ from, to, after, limit: PAGE_SIZE });
    for (const refund of page) {
      const packs = refundedPacks(refund);
      yield csvLine([
        formatOrderNumber(refund.orderNumber),
        londonDateTime(refund.succeededAt),
        refund.email ?? '',
        `Refund: ${refund.reason}${packs?.length ? ` (${packs.map((line) => `${line.qty} × ${line.name} ${line.selectedWeight}`).join('; ')})` : ''}`,
        ...rateColumns(refundVat(refund), -1),
        // A refund is money given back, not goods, discount or delivery of its own.
        '',
        '',
        '',
        pounds(-refund.amountPence),
      ]);
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) return;
    after = { succeededAt: last.succeededAt, id: last.id };
  }
}

/**
 * The packs a refund was for, as lines of that many; undefined for an amount alone. Some packs of a discounted line:
 * their VAT basis is their share of what the line cost after its discount.
 */
function refundedPacks(refund: BooksRefund) {
  return refund.lines?.flatMap(({ index, qty }) => {
    const line = refund.orderLines[index];
    return line ? [{ ...line, qty, discountPence: line.unitPricePence * qty - packsCostPence(line, qty) }] : [];
  });
}

/** The VAT inside a refund, by rate, split in proportion to what it was for: its packs, or the whole order. */
export function refundVat(refund: BooksRefund): VatLine[] {
  const packs = refundedPacks(refund);
  return refundVatBreakdown(refund.amountPence, packs && packs.length > 0 ? packs : refund.orderLines);
}

/** The VAT report as CSV for the accountant: one row per rate, then the return's boxes 1 and 6. */
export function vatReportCsv(report: VatReport, { from, to }: { from: string; to: string }): string {
  const money = (value: number) => pounds(Math.round(value * 100));
  return [
    csvLine(['From', from, 'To', to]),
    csvLine(['VAT rate', 'Sales excluding VAT', 'VAT', 'Sales including VAT']),
    ...report.byRate.map((rate) => csvLine([`${rate.rate}%`, money(rate.net), money(rate.vat), money(rate.gross)])),
    csvLine(['Box 1: VAT due on sales', money(report.box1)]),
    csvLine(['Box 6: total sales excluding VAT (whole pounds)', String(report.box6)]),
  ].join('');
}
