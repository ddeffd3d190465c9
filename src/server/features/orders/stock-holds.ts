/**
 * The stock a pending checkout holds (docs/api.md, Stock; decision 077): given back once, when its session is
 * cancelled or expires, or when it is left unpaid past CHECKOUT_HOLD_MS. A checkout that gave it back can no longer
 * be paid on the test page.
 */
import { CHECKOUT_HOLD_MS } from '#shared/constants';
import type { Database } from '../../db/database.ts';
import type { ProductRepository } from '../catalog/index.ts';
import type { CheckoutRepository } from './checkout-repository.ts';
import { stockLines } from './checkout-lines.ts';

export interface StockHolds {
  /**
   * Gives an unpaid checkout's stock back (its session cancelled or expired); true when it held some. A checkout that
   * gave it back can no longer be paid on the test page.
   */
  releaseCheckout(checkoutId: string): Promise<boolean>;
  /** Gives back the stock of checkouts left unpaid for longer than CHECKOUT_HOLD_MS; answers how many. */
  releaseAbandoned(now?: Date): Promise<number>;
}

/** Checkouts released per transaction, so a long backlog never holds many rows locked at once. */
const BATCH = 50;

export function createStockHolds(deps: {
  db: Database;
  checkoutRepository: Pick<CheckoutRepository, 'releaseStock' | 'abandonedHoldingStock'>;
  productRepository: Pick<ProductRepository, 'returnStock'>;
  /** After a commit that brought a sold-out weight back: the shop's pages must say so, in every process. */
  stockShown: (changed: boolean) => Promise<void>;
}): StockHolds {
  const { db, checkoutRepository, productRepository, stockShown } = deps;

  /** Gives a checkout's stock back inside `tx`: whether it held any, and whether a sold-out weight is back. */
  async function releaseInside(checkoutId: string, tx: Database) {
    const lines = await checkoutRepository.releaseStock(checkoutId, tx);
    if (!lines) return { released: false, restocked: false };
    const { restocked } = await productRepository.returnStock(stockLines(lines), tx, checkoutId);
    return { released: true, restocked };
  }

  return {
    async releaseCheckout(checkoutId) {
      const { released, restocked } = await db.transaction((tx) => releaseInside(checkoutId, tx));
      await stockShown(restocked);
      return released;
    },

    async releaseAbandoned(now = new Date()) {
      const before = new Date(now.getTime() - CHECKOUT_HOLD_MS);
      let released = 0;
      let restocked = false;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const ids = await checkoutRepository.abandonedHoldingStock(before, BATCH, tx);
          for (const id of ids) restocked = (await releaseInside(id, tx)).restocked || restocked;
          return ids.length;
        });
        released += batch;
        if (batch < BATCH) break;
      }
      await stockShown(restocked);
      return released;
    },
  };
}
