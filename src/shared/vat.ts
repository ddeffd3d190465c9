/**
 * The VAT included in VAT-inclusive prices, by rate, as a UK receipt shows it. Each rate's VAT is worked out
 * once on that rate's total (not line by line), so the figures add up to what a till would print.
 */
import type { VatRate } from '#shared/constants';

export interface VatLine {
  rate: VatRate;
  /** What the lines at this rate cost, VAT included, in pence. */
  grossPence: number;
  /** The VAT inside `grossPence`, rounded to the penny. */
  vatPence: number;
}

/** The VAT inside a VAT-inclusive amount: gross × rate / (100 + rate), to the nearest penny. */
export function vatIncludedPence(grossPence: number, rate: VatRate): number {
  return Math.round((grossPence * rate) / (100 + rate));
}

/** One entry per rate the lines use, highest rate first. */
export function vatBreakdown(lines: readonly { unitPricePence: number; qty: number; vatRate: VatRate }[]): VatLine[] {
  const grossByRate = new Map<VatRate, number>();
  for (const line of lines) {
    grossByRate.set(line.vatRate, (grossByRate.get(line.vatRate) ?? 0) + line.unitPricePence * line.qty);
  }
  return [...grossByRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, grossPence]) => ({ rate, grossPence, vatPence: vatIncludedPence(grossPence, rate) }));
}

/**
 * The VAT inside a refund of `amountPence`, by rate: the amount is split across the rates in proportion to what it
 * was for (`lines`: the packs refunded, or the whole order for an amount alone), to the penny, the pennies left by
 * rounding going to the largest remainders, so the parts add up to the amount exactly.
 */
export function refundVatBreakdown(
  amountPence: number,
  lines: readonly { unitPricePence: number; qty: number; vatRate: VatRate }[],
): VatLine[] {
  const basis = vatBreakdown(lines);
  const basisTotal = basis.reduce((sum, entry) => sum + entry.grossPence, 0);
  if (basisTotal === 0) return [];
  const shares = basis.map((entry) => {
    const exact = (amountPence * entry.grossPence) / basisTotal;
    return { rate: entry.rate, pence: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = amountPence - shares.reduce((sum, share) => sum + share.pence, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder)) {
    if (left <= 0) break;
    share.pence += 1;
    left -= 1;
  }
  return shares.map(({ rate, pence }) => ({ rate, grossPence: pence, vatPence: vatIncludedPence(pence, rate) }));
}
