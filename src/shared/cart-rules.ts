/**
 * The shop's cart rules as pure functions, one source for the guest cart in the browser and the customer's cart
 * on the server: what a cart holds (`StoredCartLine`s) changes here, and `priceCartLines` turns those into the
 * lines a shopper sees, priced from the catalog. Imports only types from the schemas, so no zod reaches the
 * browser through this module.
 */
import { QUANTITY_MAX } from '#shared/constants';
import { poundsToPence } from '#shared/money';
import { cartSavingsPence, type SavingLine } from '#shared/savings';
import type { CartLine, StoredCartLine } from '#shared/schemas/cart';
import type { Product } from '#shared/schemas/product';

const capQuantity = (qty: number) => Math.min(qty, QUANTITY_MAX);

const storedLine = ({ _id, qty, selectedWeight }: StoredCartLine): StoredCartLine => ({ _id, qty, selectedWeight });

/**
 * The weight a label names among a product's weights; an empty or missing label means the first weight, as a
 * cart line's `selectedWeight` defaults to it. Undefined when the product has no such weight.
 */
export function findWeight<W extends { label: string }>(
  weights: readonly W[],
  label: string | undefined,
): W | undefined {
  if (label === undefined || label === '') return weights[0];
  return weights.find((weight) => weight.label === label);
}

/**
 * A cart as the rules expect it: lines with a quantity of 0 or less dropped, quantities capped at 99,
 * and a product listed twice folded into its first line, quantities added (one line per product).
 * Every other rule keeps a normalised cart normalised.
 */
export function normaliseCart(lines: readonly StoredCartLine[]): StoredCartLine[] {
  const byProduct = new Map<string, StoredCartLine>();
  for (const line of lines) {
    if (!(line.qty > 0)) continue;
    const existing = byProduct.get(line._id);
    if (existing) existing.qty = capQuantity(existing.qty + line.qty);
    else byProduct.set(line._id, { ...storedLine(line), qty: capQuantity(line.qty) });
  }
  return [...byProduct.values()];
}

/** True when the product has a line, whatever its weight ('Already in Cart'). */
export function isInCart(lines: readonly Pick<StoredCartLine, '_id' | 'qty'>[], productId: string): boolean {
  return lines.some((line) => line._id === productId && line.qty > 0);
}

/**
 * Add to Cart: a new line with the chosen quantity and weight at the end, or, when the product is already in
 * the cart, one more of it (capped at 99) with the line's weight unchanged.
 */
export function addToCart(lines: readonly StoredCartLine[], added: StoredCartLine): StoredCartLine[] {
  const cart = normaliseCart(lines);
  if (!(added.qty > 0)) return cart;
  const existing = cart.find((line) => line._id === added._id);
  if (existing) {
    existing.qty = capQuantity(existing.qty + 1);
    return cart;
  }
  return [...cart, { ...storedLine(added), qty: capQuantity(added.qty) }];
}

/** Decrement: takes `qtyToRemove` off the line; removing its whole quantity or more removes the line. */
export function removeFromCart(
  lines: readonly StoredCartLine[],
  productId: string,
  qtyToRemove: number,
): StoredCartLine[] {
  if (!(qtyToRemove > 0)) return normaliseCart(lines);
  return normaliseCart(lines.map((line) => (line._id === productId ? { ...line, qty: line.qty - qtyToRemove } : line)));
}

/** 'Remove All'. */
export function clearCart(): StoredCartLine[] {
  return [];
}

/**
 * The weight select on the cart page: the line keeps its quantity and takes the new weight, and with it the new
 * weight's price, which `priceCartLines` looks up.
 */
export function changeWeight(
  lines: readonly StoredCartLine[],
  productId: string,
  selectedWeight: string,
): StoredCartLine[] {
  return normaliseCart(lines).map((line) => (line._id === productId ? { ...line, selectedWeight } : line));
}

/**
 * The guest cart brought into the customer's cart at login (decision 033): a product in both keeps one line,
 * the quantities added (capped at 99) and the guest's weight, the shopper's latest choice; the customer's other
 * lines keep their place and the guest's new ones follow in the guest cart's order.
 */
export function mergeCarts(
  customerLines: readonly StoredCartLine[],
  guestLines: readonly StoredCartLine[],
): StoredCartLine[] {
  const merged = normaliseCart(customerLines);
  for (const guest of normaliseCart(guestLines)) {
    const existing = merged.find((line) => line._id === guest._id);
    if (existing) {
      existing.qty = capQuantity(existing.qty + guest.qty);
      existing.selectedWeight = guest.selectedWeight;
    } else {
      merged.push(guest);
    }
  }
  return merged;
}

/**
 * One line as the shopper sees it, priced from the catalog's product (undefined once it has left the catalog).
 * `lastKnownName` names a line whose product has gone (the server keeps it; a guest cart may not).
 */
export function priceCartLine(line: StoredCartLine, product: Product | undefined, lastKnownName = ''): CartLine {
  const { _id, qty, selectedWeight } = line;
  if (!product) return { _id, name: lastKnownName, qty, price: 0, selectedWeight, product: null, available: false };
  const weight = findWeight(product.weights, selectedWeight);
  return {
    _id,
    name: product.name,
    qty,
    price: weight?.price ?? 0,
    selectedWeight: weight?.label ?? selectedWeight,
    product,
    available: weight !== undefined,
  };
}

/** Prices a whole cart; lines with a quantity of 0 or less are left out. */
export function priceCartLines(
  lines: readonly StoredCartLine[],
  productById: (productId: string) => Product | undefined,
): CartLine[] {
  return lines.filter((line) => line.qty > 0).map((line) => priceCartLine(line, productById(line._id)));
}

export interface CartTotals {
  /** Σ price × qty over the lines that can be bought, in pence. */
  subtotalPence: number;
  /** 'Your Savings': Σ (MRP − price) × qty over the lines that can be bought (decision 094). Shown, not subtracted. */
  savingsPence: number;
  /** Equals the subtotal: delivery is free and the savings are already in the prices. */
  totalPence: number;
  /** Lines that can be bought, as the header badge counts them. */
  lineCount: number;
}

/** The cart page's figures. Unavailable lines and lines with a quantity of 0 or less count in none of them. */
export function cartTotals(
  lines: readonly Pick<CartLine, 'qty' | 'price' | 'available' | 'product' | 'selectedWeight'>[],
): CartTotals {
  let subtotalPence = 0;
  let lineCount = 0;
  const saved: SavingLine[] = [];
  for (const line of lines) {
    if (!line.available || !(line.qty > 0)) continue;
    const pricePence = poundsToPence(line.price);
    subtotalPence += pricePence * line.qty;
    lineCount += 1;
    const mrp = line.product ? findWeight(line.product.weights, line.selectedWeight)?.mrp : undefined;
    saved.push({ pricePence, mrpPence: mrp == null ? null : poundsToPence(mrp), qty: line.qty });
  }
  return { subtotalPence, savingsPence: cartSavingsPence(saved), totalPence: subtotalPence, lineCount };
}
