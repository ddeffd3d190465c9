/**
 * The orders of some days as CSV, for the books (docs/api.md, The owner's API): number, date and time in London,
 * e-mail, lines, the goods and VAT at each rate, and the total. Written as it is read, a page of orders at a time, so
 * a year of orders never sits in memory.
 */
import { VAT_RATES } from '#shared/constants';
import { penceToPounds } from '#shared/money';
import type { OrdersCsvQuery } from '#shared/schemas/admin';
import { vatBreakdown } from '#shared/vat';
import { formatOrderNumber } from './order-records.ts';
import type { ReportRepository } from './report-repository.ts';

const PAGE_SIZE = 500;
// Highest rate first, as receipts show them.
const RATES = [...VAT_RATES].sort((a, b) => b - a);

const HEADER = [
  'Order',
  'Date (London)',
  'E-mail',
  'Lines',
  ...RATES.flatMap((rate) => [`Goods at ${rate}% (incl. VAT)`, `VAT at ${rate}%`]),
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

const csvLine = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;
const pounds = (pence: number) => penceToPounds(pence).toFixed(2);

export async function* ordersCsv(
  repository: Pick<ReportRepository, 'ordersForBooks'>,
  { from, to }: OrdersCsvQuery,
): AsyncGenerator<string> {
  yield csvLine(HEADER);
  let afterNumber = 0;
  for (;;) {
    const page = await repository.ordersForBooks({ from, to, afterNumber, limit: PAGE_SIZE });
    for (const order of page) {
      const byRate = new Map(vatBreakdown(order.lines).map((entry) => [entry.rate, entry]));
      yield csvLine([
        formatOrderNumber(order.orderNumber),
        londonDateTime(order.createdAt),
        order.email ?? '',
        order.lines.map((line) => `${line.qty} × ${line.name} ${line.selectedWeight}`).join('; '),
        ...RATES.flatMap((rate) => [
          pounds(byRate.get(rate)?.grossPence ?? 0),
          pounds(byRate.get(rate)?.vatPence ?? 0),
        ]),
        pounds(order.totalPence),
      ]);
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) return;
    afterNumber = last.orderNumber;
  }
}
