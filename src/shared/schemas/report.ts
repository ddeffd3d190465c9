/**
 * The owner's reports (docs/api.md, The owner's API; decision 099): sales by day, week or month with the best
 * sellers, and the VAT figures of a period with boxes 1 and 6 of the UK VAT return. London dates; pounds.
 */
import { z } from 'zod';
import { isoDay } from './admin.ts';
import { VatRateSchema } from './order.ts';

export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];
/** A chart of more points than this says nothing a table of weeks would not. */
export const REPORT_POINTS_MAX = 400;
export const BEST_SELLERS_SHOWN = 10;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

const ReportRangeSchema = z.object({ from: isoDay('from'), to: isoDay('to') });

export const SalesReportQuerySchema = ReportRangeSchema.extend({
  interval: z.enum(REPORT_INTERVALS, { error: 'interval must be day, week or month.' }).default('day'),
})
  .refine(({ from, to }) => from <= to, { error: 'from must not be after to.', path: ['from'] })
  .refine(
    ({ from, to, interval }) =>
      daysBetween(from, to) / (interval === 'day' ? 1 : interval === 'week' ? 7 : 28) <= REPORT_POINTS_MAX,
    {
      error: `That is more than ${REPORT_POINTS_MAX} points: choose a shorter range or a longer interval.`,
      path: ['to'],
    },
  );
export type SalesReportQuery = z.infer<typeof SalesReportQuerySchema>;

export const VatReportQuerySchema = ReportRangeSchema.refine(({ from, to }) => from <= to, {
  error: 'from must not be after to.',
  path: ['from'],
}).refine(({ from, to }) => daysBetween(from, to) <= 3 * 366, { error: 'Choose at most three years.', path: ['to'] });
export type VatReportQuery = z.infer<typeof VatReportQuerySchema>;

/**
 * One interval: `start` its first London day; `orders` placed in it; `gross` their totals (VAT and delivery
 * included); `refunds` given back in it; `vat` the VAT of the sales less that of the refunds; `net` what is left
 * without VAT: gross − refunds − vat.
 */
export const SalesPointSchema = z.object({
  start: z.string(),
  orders: z.number().int(),
  gross: z.number(),
  net: z.number(),
  vat: z.number(),
  refunds: z.number(),
});
export type SalesPoint = z.infer<typeof SalesPointSchema>;

export const BestSellerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  units: z.number().int(),
  gross: z.number(),
});

export const SalesReportSchema = z.object({
  points: z.array(SalesPointSchema),
  /** The products sold most in the period, by packs, and what they came to after discounts. */
  bestSellers: z.array(BestSellerSchema),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;

/** The period's VAT by rate, refunds deducted and delivery included; box 1 and box 6 as the VAT return asks them. */
export const VatReportSchema = z.object({
  byRate: z.array(z.object({ rate: VatRateSchema, net: z.number(), vat: z.number(), gross: z.number() })),
  /** VAT due on sales: pounds and pence. */
  box1: z.number(),
  /** Sales excluding VAT: whole pounds, as the return asks. */
  box6: z.number().int(),
});
export type VatReport = z.infer<typeof VatReportSchema>;
