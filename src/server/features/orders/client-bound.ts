/**
 * The bound on what one client's unpaid checkouts hold (decision 104): at most MAX_HELD_PER_CLIENT packs of any one
 * counted weight, whatever the rate limits allow. Checked with the weights' rows locked, before the stock, so a
 * refusal never tells more of the stock than the bound.
 */
import { HttpError } from '../../errors.ts';
import type { StockLine } from '../catalog/index.ts';
import { weightKey } from './checkout-repository.ts';
import type { CheckoutLine } from './order-records.ts';
import { MAX_HELD_PER_CLIENT, orderMessages } from './messages.ts';

/** The checkout's line a stock line is for: its index (for the refusal's field) and its name. */
export function lineOf(lines: readonly CheckoutLine[], line: StockLine) {
  const index = lines.findIndex(
    (candidate) => candidate.productId === line.productId && candidate.selectedWeight === line.label,
  );
  return { index, name: lines[index]?.name ?? line.productId };
}

/** 429 naming the first line that would take the client past the bound, given what it already holds (by weightKey). */
export function refuseBeyondClientBound(
  lines: readonly CheckoutLine[],
  counted: readonly StockLine[],
  held: ReadonlyMap<string, number>,
): void {
  for (const line of counted) {
    const already = held.get(weightKey(line.productId, line.label)) ?? 0;
    if (already + line.qty <= MAX_HELD_PER_CLIENT) continue;
    const { index, name } = lineOf(lines, line);
    throw new HttpError(429, orderMessages.tooManyHeld(name, line.label, already), {
      field: `orderItems.${index}.qty`,
      code: 'ROAST_TOO_MANY_HELD',
    });
  }
}
