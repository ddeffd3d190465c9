/**
 * Adds `app.cartRepository`: customers' carts in `cart_lines`, checked against the catalog when written and
 * priced from the product repository (the database as it is now, not the catalog cache) whenever read.
 * The spec's rules come from `#shared/cart-rules`; add and merge carry them out as single upserts so that
 * parallel requests on one line add up instead of overwriting each other (decision 032).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { findWeight, normaliseCart, priceCartLine, removeFromCart } from '#shared/cart-rules';
import { QUANTITY_MAX } from '#shared/constants';
import type { CartLine, StoredCartLine } from '#shared/schemas/cart';
import type { Database } from '../../db/database.ts';
import { cartLines } from '../../db/schema.ts';
import { type ProductRecord, type ProductRepository, toWireProduct } from '../catalog/index.ts';

/** What a change to a cart came to: the cart's lines after it, or why nothing changed. */
export type CartChange =
  | { status: 'changed'; lines: CartLine[] }
  | { status: 'unknown-product' }
  | { status: 'unknown-weight'; product: ProductRecord; selectedWeight: string }
  | { status: 'out-of-stock'; product: ProductRecord; selectedWeight: string }
  | { status: 'not-in-cart' };

export interface MergeResult {
  lines: CartLine[];
  /** Guest lines left out because the catalog no longer has their product or weight. */
  skipped: number;
}

/**
 * Every method works on one customer's cart, named by their user id; nothing reads or writes another's.
 * A product is named by its id, which is also the line's `_id`.
 */
export interface CartRepository {
  /** The customer's lines, oldest first, priced from the catalog; unavailable lines included and marked. */
  list(userId: string, db?: Database): Promise<CartLine[]>;
  /** Add to Cart: a new line with `qty` of the weight (empty: the first weight), or one more on an existing line. */
  add(
    userId: string,
    line: { productId: string; qty: number; selectedWeight?: string | undefined },
  ): Promise<CartChange>;
  /** Takes `qtyToRemove` off a line; its whole quantity or more removes it. */
  remove(userId: string, productId: string, qtyToRemove: number): Promise<CartChange>;
  /** 'Remove All'. */
  clear(userId: string): Promise<CartLine[]>;
  /** The cart page's weight select: the line keeps its quantity and takes the weight's price. */
  changeWeight(userId: string, productId: string, selectedWeight: string): Promise<CartChange>;
  /** Brings a guest cart in, in one transaction (decision 033); lines the catalog cannot sell are skipped. */
  merge(userId: string, guestLines: readonly StoredCartLine[]): Promise<MergeResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    cartRepository: CartRepository;
  }
}

const lineOf = (userId: string, productId: string) =>
  and(eq(cartLines.userId, userId), eq(cartLines.productId, productId));

function createCartRepository(appDb: Database, products: ProductRepository): CartRepository {
  async function list(userId: string, db: Database = appDb): Promise<CartLine[]> {
    const rows = await db
      .select({
        productId: cartLines.productId,
        selectedWeight: cartLines.selectedWeight,
        qty: cartLines.qty,
        productName: cartLines.productName,
      })
      .from(cartLines)
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.addedSeq));
    if (rows.length === 0) return [];
    const records = await products.findByIds(
      rows.map((row) => row.productId),
      db,
    );
    const productById = new Map(records.map((record) => [record.id, toWireProduct(record)]));
    return rows.map((row) =>
      priceCartLine(
        { _id: row.productId, qty: row.qty, selectedWeight: row.selectedWeight },
        productById.get(row.productId),
        row.productName,
      ),
    );
  }

  /** The product and the weight a request names, or why they cannot go in a cart. */
  async function sellable(productId: string, selectedWeight: string | undefined, db: Database = appDb) {
    const [product] = await products.findByIds([productId], db);
    if (!product) return { status: 'unknown-product' } as const;
    const weight = findWeight(product.weights, selectedWeight);
    if (!weight) return { status: 'unknown-weight', product, selectedWeight: selectedWeight ?? '' } as const;
    // A weight counted down to nothing cannot go in a cart (docs/api.md, Stock).
    if (weight.stock === 0) return { status: 'out-of-stock', product, selectedWeight: weight.label } as const;
    return { status: 'sellable', product, weight } as const;
  }

  return {
    list,

    async add(userId, { productId, qty, selectedWeight }) {
      const found = await sellable(productId, selectedWeight);
      if (found.status !== 'sellable') return found;
      await appDb
        .insert(cartLines)
        .values({
          userId,
          productId,
          selectedWeight: found.weight.label,
          qty: Math.min(qty, QUANTITY_MAX),
          productName: found.product.name,
        })
        // The spec's "already there: one more" as one statement: parallel adds wait on the row and each adds 1.
        .onConflictDoUpdate({
          target: [cartLines.userId, cartLines.productId],
          set: {
            qty: sql`least(${cartLines.qty} + 1, ${QUANTITY_MAX})`,
            productName: sql`excluded.product_name`,
            updatedAt: sql`now()`,
          },
        });
      return { status: 'changed', lines: await list(userId) };
    },

    remove(userId, productId, qtyToRemove) {
      return appDb.transaction(async (tx): Promise<CartChange> => {
        // Locked, so two removes at once take off both quantities rather than one overwriting the other.
        const [row] = await tx
          .select({ qty: cartLines.qty, selectedWeight: cartLines.selectedWeight })
          .from(cartLines)
          .where(lineOf(userId, productId))
          .for('update');
        if (!row) return { status: 'not-in-cart' };
        const [left] = removeFromCart([{ _id: productId, ...row }], productId, qtyToRemove);
        if (left)
          await tx.update(cartLines).set({ qty: left.qty, updatedAt: sql`now()` }).where(lineOf(userId, productId));
        else await tx.delete(cartLines).where(lineOf(userId, productId));
        return { status: 'changed', lines: await list(userId, tx) };
      });
    },

    async clear(userId) {
      await appDb.delete(cartLines).where(eq(cartLines.userId, userId));
      return [];
    },

    async changeWeight(userId, productId, selectedWeight) {
      const found = await sellable(productId, selectedWeight);
      if (found.status !== 'sellable') return found;
      const updated = await appDb
        .update(cartLines)
        .set({ selectedWeight: found.weight.label, productName: found.product.name, updatedAt: sql`now()` })
        .where(lineOf(userId, productId))
        .returning({ productId: cartLines.productId });
      if (updated.length === 0) return { status: 'not-in-cart' };
      return { status: 'changed', lines: await list(userId) };
    },

    async merge(userId, guestLines) {
      // One line per product, none of 0 or less, none over 99: also what one upsert statement needs, as it
      // may not touch a row twice.
      const guest = normaliseCart(guestLines);
      if (guest.length === 0) return { lines: await list(userId), skipped: 0 };
      return appDb.transaction(async (tx) => {
        const records = await products.findByIds(
          guest.map((line) => line._id),
          tx,
        );
        const productById = new Map(records.map((record) => [record.id, record]));
        const rows = guest.flatMap((line) => {
          const product = productById.get(line._id);
          const weight = product && findWeight(product.weights, line.selectedWeight);
          if (!product || !weight) return [];
          return [
            { userId, productId: product.id, selectedWeight: weight.label, qty: line.qty, productName: product.name },
          ];
        });
        if (rows.length > 0) {
          // mergeCarts from the shared rules, as one statement: quantities add up to at most 99, the guest's
          // weight wins, and a line added in parallel is added to, not overwritten.
          await tx
            .insert(cartLines)
            .values(rows)
            .onConflictDoUpdate({
              target: [cartLines.userId, cartLines.productId],
              set: {
                qty: sql`least(${cartLines.qty} + excluded.qty, ${QUANTITY_MAX})`,
                selectedWeight: sql`excluded.selected_weight`,
                productName: sql`excluded.product_name`,
                updatedAt: sql`now()`,
              },
            });
        }
        return { lines: await list(userId, tx), skipped: guest.length - rows.length };
      });
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('cartRepository', createCartRepository(app.db, app.productRepository));
  },
  { name: 'cart-repository', dependencies: ['database', 'product-repository'] },
);
