/**
 * The VAT included in VAT-inclusive prices, by rate, as a UK receipt shows it. Each rate's VAT is worked out
 * once on that rate's total (not line by line), so the figures add up to what a till would print.
 */
import type { VatRate } from '#shared/constants';
import { spreadPence } from '#shared/money';

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
 * was for (`lines`: the packs refunded, or the whole order for an amount alone), to the penny, so the parts add up to
 * the amount exactly.
 */
export function refundVatBreakdown(
  amountPence: number,
  lines: readonly { unitPricePence: number; qty: number; vatRate: VatRate; discountPence?: number | undefined }[],
): VatLine[] {
  const basis = vatWithDelivery(lines, 0);
  if (basis.every((entry) => entry.grossPence === 0)) return [];
  const shares = spreadPence(
    amountPence,
    basis.map((entry) => entry.grossPence),
  );
  return basis.map((entry, index) => {
    const pence = shares[index] ?? 0;
    return { rate: entry.rate, grossPence: pence, vatPence: vatIncludedPence(pence, entry.rate) };
  });
}

/**
 * The VAT of an order or a basket, by rate, highest first (decision 096): each line after its share of the discount,
 * and delivery's charge split over the rates in proportion to what the goods at each rate come to (before the
 * discount, when it took everything), so delivery bears the goods' VAT and the rates add up to the total.
 */
export function vatWithDelivery(
  lines: readonly { unitPricePence: number; qty: number; vatRate: VatRate; discountPence?: number | undefined }[],
  deliveryPence: number,
): VatLine[] {
  const rates = [...new Set(lines.map((line) => line.vatRate))].sort((a, b) => b - a);
  const sum = (rate: VatRate, after: boolean) =>
    lines.reduce(
      (total, line) =>
        line.vatRate === rate
          ? total + line.unitPricePence * line.qty - (after ? (line.discountPence ?? 0) : 0)
          : total,
      0,
    );
  const netByRate = rates.map((rate) => sum(rate, true));
  const goods = netByRate.reduce((total, net) => total + net, 0);
  const deliveryByRate = spreadPence(deliveryPence, goods > 0 ? netByRate : rates.map((rate) => sum(rate, false)));
  return rates.map((rate, index) => {
    const grossPence = (netByRate[index] ?? 0) + (deliveryByRate[index] ?? 0);
    return { rate, grossPence, vatPence: vatIncludedPence(grossPence, rate) };
  });
}
