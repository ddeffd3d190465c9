/**
 * The checkout's lines as the server decides them: priced from the database, never from the browser (decision
 * 039), and compared with what a shopper says they paid for. What the API's callers may not do is an `HttpError`.
 */
import { findWeight } from '#shared/cart-rules';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { ProductRepository, StockLine } from '../catalog/index.ts';
import { orderMessages } from './messages.ts';
import type { CheckoutLine, CheckoutRecord } from './order-records.ts';

/** A line a shopper asks to buy, or says they paid for: its price, when sent, in pence. */
export type CheckoutItem = Pick<CheckoutLine, 'productId' | 'selectedWeight' | 'qty'> & {
  unitPricePence?: number | undefined;
};

/** What the order calls name: the session paid, and the lines and total the shopper was shown. */
export interface OrderClaim {
  sessionId: string;
  items: readonly CheckoutItem[];
  totalPence: number;
}

/**
 * True when a shopper's lines and total are the ones paid for: same products, weights (an empty weight meaning
 * the one chosen for it), quantities, prices where sent, and total.
 */
export function matchesCheckout(
  checkout: Pick<CheckoutRecord, 'lines' | 'amountPence'>,
  items: readonly CheckoutItem[],
  totalPence: number,
): boolean {
  if (totalPence !== checkout.amountPence || items.length !== checkout.lines.length) return false;
  const paidByProduct = new Map(checkout.lines.map((line) => [line.productId, line]));
  return items.every((item) => {
    const paid = paidByProduct.get(item.productId);
    return (
      paid !== undefined &&
      paid.qty === item.qty &&
      (item.selectedWeight === '' || item.selectedWeight === paid.selectedWeight) &&
      (item.unitPricePence === undefined || item.unitPricePence === paid.unitPricePence)
    );
  });
}

/**
 * The lines priced from the database inside `tx` (or outside one, for a quote); refused when one cannot be sold.
 * `priceChanged`: a price the browser sent is not the catalog's, so the shopper must see the new amount first.
 */
export async function catalogLines(
  productRepository: Pick<ProductRepository, 'findByIds'>,
  items: readonly CheckoutItem[],
  tx?: Database,
): Promise<{ lines: CheckoutLine[]; priceChanged: boolean }> {
  const products = new Map(
    (
      await productRepository.findByIds(
        items.map((item) => item.productId),
        tx,
      )
    ).map((product) => [product.id, product]),
  );
  const lines: CheckoutLine[] = [];
  let priceChanged = false;
  for (const [index, item] of items.entries()) {
    const product = products.get(item.productId);
    if (!product) throw new HttpError(400, orderMessages.productGone, { field: `orderItems.${index}._id` });
    const weight = findWeight(product.weights, item.selectedWeight);
    if (!weight)
      throw new HttpError(400, orderMessages.weightGone(product.name), {
        field: `orderItems.${index}.selectedWeight`,
      });
    if (item.unitPricePence !== undefined && item.unitPricePence !== weight.pricePence) priceChanged = true;
    lines.push({
      productId: product.id,
      name: product.name,
      selectedWeight: weight.label,
      qty: item.qty,
      unitPricePence: weight.pricePence,
      vatRate: product.vatRate,
    });
  }
  return { lines, priceChanged };
}

/** The packs a checkout's lines take from (or give back to) the catalog's counted stock. */
export const stockLines = (lines: readonly CheckoutLine[]): StockLine[] =>
  lines.map((line) => ({ productId: line.productId, label: line.selectedWeight, qty: line.qty }));
