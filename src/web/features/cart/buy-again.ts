/**
 * 'Buy again' on /my-orders: which of a past order's lines can go back into the cart at today's prices, and
 * putting them there. The order's lines and the catalog's products come in as arguments (features do not import
 * each other); /my-orders fetches them and hands them over.
 */
import { findWeight, isInCart } from '#shared/cart-rules';
import { QUANTITY_MAX } from '#shared/constants';
import type { StoredCartLine } from '#shared/schemas/cart';
import type { OrderItem } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import type { Cart } from './hooks/use-cart.ts';

export interface BuyAgainPlan {
  /** Lines to add, each with the catalog's product so the cart prices it as sold today. */
  adds: { product: Product; qty: number; selectedWeight: string }[];
  /** Products already in the cart: left as they are, as Buy Now does. */
  alreadyInCart: string[];
  /** Lines the shop no longer sells, the product or that weight of it, named as the order named them. */
  notSold: string[];
}

export function planBuyAgain(
  items: readonly OrderItem[],
  products: readonly Product[],
  cartLines: readonly Pick<StoredCartLine, '_id' | 'qty'>[],
): BuyAgainPlan {
  const productById = new Map(products.map((product) => [product._id, product]));
  const plan: BuyAgainPlan = { adds: [], alreadyInCart: [], notSold: [] };
  for (const item of items) {
    const product = productById.get(item._id);
    const weight = product ? findWeight(product.weights, item.selectedWeight) : undefined;
    if (!product || !weight) {
      plan.notSold.push(item.selectedWeight ? `${item.name} (${item.selectedWeight})` : item.name);
    } else if (isInCart(cartLines, product._id) || plan.adds.some((add) => add.product._id === product._id)) {
      plan.alreadyInCart.push(product.name);
    } else {
      plan.adds.push({ product, qty: Math.min(Math.max(item.qty, 1), QUANTITY_MAX), selectedWeight: weight.label });
    }
  }
  return plan;
}

/** What to tell the shopper about the lines that were not added; empty when every line went in. */
export function buyAgainNotice({ adds, alreadyInCart, notSold }: BuyAgainPlan): string {
  const sentences: string[] = [];
  if (notSold.length > 0) {
    sentences.push(
      adds.length + alreadyInCart.length === 0
        ? `None of this order's products are sold any more: ${notSold.join(', ')}.`
        : `No longer sold, so not added: ${notSold.join(', ')}.`,
    );
  }
  if (alreadyInCart.length > 0) sentences.push(`Already in your cart, left as it was: ${alreadyInCart.join(', ')}.`);
  return sentences.join(' ');
}

/**
 * Adds the order's lines that can be bought today to `cart`. `notice` is what to tell the shopper; `inCart` is
 * false when none of the order's products is in the cart now (nothing added, nothing already there).
 */
export function buyAgain(
  cart: Pick<Cart, 'lines' | 'change'>,
  items: readonly OrderItem[],
  products: readonly Product[],
): { notice: string; inCart: boolean } {
  const plan = planBuyAgain(items, products, cart.lines);
  for (const add of plan.adds) cart.change({ type: 'add', ...add });
  return { notice: buyAgainNotice(plan), inCart: plan.adds.length + plan.alreadyInCart.length > 0 };
}
