/** Money helpers: integer pence inside, pounds with two decimals on the wire, GBP when shown. */
import { OFFER_PRICE_FRACTION } from '#shared/constants';

/**
 * Formats pence for a shopper, e.g. 419 → "£4.19", 123456 → "£1,234.56": what `Intl.NumberFormat('en-GB', GBP)`
 * writes, by hand. NOTE: a browser's first Intl.NumberFormat loads its locale data, about 50 ms of a phone's main
 * thread before the page can answer a tap (decision 057); every page shows prices.
 */
export function formatPence(pence: number): string {
  const whole = Math.round(Math.abs(pence));
  const pounds = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const pennies = String(whole % 100).padStart(2, '0');
  return `${pence < 0 && whole > 0 ? '-' : ''}£${pounds}.${pennies}`;
}

/** Formats a wire amount in pounds, e.g. 4.19 → "£4.19". */
export function formatPounds(pounds: number): string {
  return formatPence(Math.round(pounds * 100));
}

/** Pence to the API's pounds number (419 → 4.19). */
export function penceToPounds(pence: number): number {
  if (!Number.isInteger(pence)) throw new RangeError(`pence must be an integer, got ${pence}`);
  return pence / 100;
}

/** A wire amount in pounds to integer pence, rounding away binary fractions (4.19 → 419). */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** UK unit pricing for food sold by weight: the price per kilogram, in pence, rounded to the penny. */
export function pricePerKgPence(pricePence: number, grams: number): number {
  if (grams <= 0) throw new RangeError('grams must be positive');
  return Math.round((pricePence * 1000) / grams);
}

/** The seed's price for an MRP: 60% of it, rounded down to the penny (decision 004). */
export function offerPricePence(mrpPence: number): number {
  return Math.floor(mrpPence * OFFER_PRICE_FRACTION);
}

/**
 * Splits `amount` over `weights` in proportion, to the penny: each part rounded down, the pennies left going to the
 * largest remainders (the earlier line on a tie), so the parts add up to `amount` exactly and none exceeds its
 * weight's share by more than a penny. All weights 0: all parts 0 (nothing to split over).
 */
export function spreadPence(amount: number, weights: readonly number[]): number[] {
  const basis = weights.reduce((sum, weight) => sum + weight, 0);
  if (basis === 0 || amount === 0) return weights.map(() => 0);
  const parts = weights.map((weight, index) => {
    const exact = (amount * weight) / basis;
    return { index, pence: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = amount - parts.reduce((sum, part) => sum + part.pence, 0);
  for (const part of [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0) break;
    part.pence += 1;
    left -= 1;
  }
  return parts.map((part) => part.pence);
}
