/**
 * What a weight really saves against its own MRP (decision 094): the 'Flat N% OFF' label with the struck-through
 * MRP beside it, and the cart's 'Your Savings'. A weight without an MRP, or priced at it, saves nothing and shows
 * neither. Pure, so the product page, the cards and the cart all say the same.
 */
import { poundsToPence } from '#shared/money';

/** A saving below this whole percent gets no label and no struck price: 'Flat 0% OFF' would say nothing true. */
export const SMALLEST_LABELLED_PERCENT = 1;

/** Pence saved on one pack: the MRP less the price, or 0 without an MRP above the price. */
export function savingPence(pricePence: number, mrpPence: number | null): number {
  return mrpPence !== null && mrpPence > pricePence ? mrpPence - pricePence : 0;
}

/** The saving as a whole percent of the MRP, rounded down so the label never claims more than is saved. */
export function savingPercent(pricePence: number, mrpPence: number | null): number {
  const saved = savingPence(pricePence, mrpPence);
  // NOTE: whole pence times 100 over whole pence: an exact quotient (40) stays exact in floating point.
  return saved > 0 && mrpPence !== null ? Math.floor((saved * 100) / mrpPence) : 0;
}

/** The label for a whole percent, e.g. 40 → 'Flat 40% OFF'. */
export function offerLabel(percent: number): string {
  return `Flat ${percent}% OFF`;
}

/** What a weight shows beside its price: the MRP to strike through (pounds) and its label. */
export interface ShownSaving {
  mrp: number;
  percent: number;
  label: string;
}

/**
 * The saving a weight in the API's shape (pounds) shows, or null where it shows none: no MRP, the price at the MRP,
 * or a saving below 1%.
 */
export function shownSaving(weight: { price: number; mrp: number | null }): ShownSaving | null {
  if (weight.mrp === null) return null;
  const percent = savingPercent(poundsToPence(weight.price), poundsToPence(weight.mrp));
  if (percent < SMALLEST_LABELLED_PERCENT) return null;
  return { mrp: weight.mrp, percent, label: offerLabel(percent) };
}

/** One cart line as 'Your Savings' counts it: its pack's price and MRP in pence, and how many packs. */
export interface SavingLine {
  pricePence: number;
  mrpPence: number | null;
  qty: number;
}

/**
 * The cart's 'Your Savings': Σ (MRP − price) × qty over lines whose weight has an MRP above its price. Already in
 * the prices, so shown beside the total and never taken off it.
 */
export function cartSavingsPence(lines: readonly SavingLine[]): number {
  let total = 0;
  for (const line of lines) {
    if (line.qty > 0) total += savingPence(line.pricePence, line.mrpPence) * line.qty;
  }
  return total;
}
