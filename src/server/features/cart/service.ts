/**
 * Adds `app.cart`: the logged-in customer's cart as the API answers it: every change answers the cart's lines after
 * it, or refuses with an `HttpError` saying why nothing changed. The rules themselves are the repository's and
 * `#shared/cart-rules`.
 */
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { CartLine, StoredCartLine } from '#shared/schemas/cart';
import { HttpError } from '../../errors.ts';
import type { CartChange, CartRepository } from './cart-repository.ts';

export const cartMessages = {
  // The spec's own words for an unknown product.
  productNotFound: 'Product not found',
  notInCart: 'That product is not in your cart.',
  weightNotSold: (productName: string, label: string, labels: string[]) =>
    `${productName} does not come in ${label || 'that weight'}. Please choose ${labels.join(', ')}.`,
  outOfStock: (productName: string, label: string) => `Sorry, ${productName} (${label}) is out of stock.`,
};

/** The lines a change left, or the refusal it came to. */
function linesAfter(change: CartChange): CartLine[] {
  switch (change.status) {
    case 'changed':
      return change.lines;
    case 'unknown-product':
      throw new HttpError(404, cartMessages.productNotFound);
    case 'not-in-cart':
      throw new HttpError(404, cartMessages.notInCart);
    case 'unknown-weight': {
      const labels = change.product.weights.map((weight) => weight.label);
      const message = cartMessages.weightNotSold(change.product.name, change.selectedWeight, labels);
      throw new HttpError(400, message, { field: 'selectedWeight' });
    }
    case 'out-of-stock':
      throw new HttpError(409, cartMessages.outOfStock(change.product.name, change.selectedWeight), {
        field: 'selectedWeight',
      });
  }
}

/** Each method works on one customer's cart, named by their user id; a product is named by its id. */
export interface CartService {
  list(userId: string): Promise<CartLine[]>;
  add(
    userId: string,
    line: { productId: string; qty: number; selectedWeight?: string | undefined },
  ): Promise<CartLine[]>;
  remove(userId: string, productId: string, qtyToRemove: number): Promise<CartLine[]>;
  clear(userId: string): Promise<CartLine[]>;
  changeWeight(userId: string, productId: string, selectedWeight: string): Promise<CartLine[]>;
  /** Brings a guest cart in; lines the catalog no longer sells are left out and logged. */
  merge(userId: string, guestLines: readonly StoredCartLine[], log: FastifyBaseLogger): Promise<CartLine[]>;
}

export function createCartService({ carts }: { carts: CartRepository }): CartService {
  return {
    list: (userId) => carts.list(userId),
    add: async (userId, line) => linesAfter(await carts.add(userId, line)),
    remove: async (userId, productId, qtyToRemove) => linesAfter(await carts.remove(userId, productId, qtyToRemove)),
    clear: (userId) => carts.clear(userId),
    changeWeight: async (userId, productId, selectedWeight) =>
      linesAfter(await carts.changeWeight(userId, productId, selectedWeight)),
    async merge(userId, guestLines, log) {
      const { lines, skipped } = await carts.merge(userId, guestLines);
      if (skipped > 0) log.info({ skipped }, 'guest cart lines the catalog no longer sells were left out');
      return lines;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    cart: CartService;
  }
}

export default fp(
  async (app) => {
    app.decorate('cart', createCartService({ carts: app.cartRepository }));
  },
  { name: 'cart', dependencies: ['cart-repository'] },
);
