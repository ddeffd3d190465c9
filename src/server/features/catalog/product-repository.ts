/**
 * Adds `app.productRepository`: products read from the database with money in pence, for the catalog and checkout,
 * and written by the owner. The reads are `product-record.ts`, the owner's writes `product-edits.ts`, and the stock
 * checkouts take and give back `product-stock.ts`.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { ProductInput } from '#shared/schemas/admin-product';
import type { Database } from '../../db/database.ts';
import { products } from '../../db/schema.ts';
import { createProduct, findForUpdate, replaceProduct, setProductHidden } from './product-edits.ts';
import { type ProductRecord, readProducts } from './product-record.ts';
import { lockStock, returnStock, type StockLine, type StockTaken, takeStock } from './product-stock.ts';

export type { ProductRecord, WeightRecord } from './product-record.ts';
export type { StockLine, StockTaken } from './product-stock.ts';

/**
 * Every method reads through `app.db` unless given another handle. Pass the `tx` of `app.db.transaction(…)`
 * to read inside that transaction: its own changes and locks, one consistent view for pricing a checkout.
 * NOTE: inside a transaction always pass `tx`. PGlite has one connection, so a read through `app.db` waits for
 * the open transaction to end, which never happens; on PostgreSQL it would read outside the transaction.
 */
export interface ProductRepository {
  /** Every product the shop sells (none the owner hid), with its weights, in the shop's order (position, then name). */
  listShown(db?: Database): Promise<ProductRecord[]>;
  /** Every product, hidden ones too, for the owner. */
  listAll(db?: Database): Promise<ProductRecord[]>;
  /**
   * The products among `ids` that the shop sells, with their weights, in the shop's order; unknown and hidden ids are
   * left out (a hidden product cannot be bought, as one that was never sold).
   */
  findByIds(ids: readonly string[], db?: Database): Promise<ProductRecord[]>;
  /** One product, hidden or not, locked for the rest of `tx`; undefined when there is none. */
  findForUpdate(id: string, tx: Database): Promise<ProductRecord | undefined>;
  /** A new product, last in the shop's order, with an id made from its name (unique: '-2' and on when taken). */
  create(input: ProductInput, tx: Database): Promise<ProductRecord>;
  /**
   * Replaces an existing product's editable fields and weights (find it with `findForUpdate` first). A weight's
   * `stockSeen` keeps its current stock when the owner left it as seen; `stockMoved` names one the owner changed while
   * checkouts changed it too, and nothing is written (the caller rolls `tx` back).
   */
  replace(
    id: string,
    input: ProductInput,
    tx: Database,
  ): Promise<{ product: ProductRecord } | { stockMoved: { label: string; now: number | null } }>;
  /** Hides or shows an existing product (find it with `findForUpdate` first). */
  setHidden(id: string, hidden: boolean, tx: Database): Promise<ProductRecord>;
  /**
   * Takes each line's packs from its weight's counted stock inside `tx` (an uncounted weight has no limit). `short`:
   * the first line there are not enough of, with how many are left (the caller then rolls `tx` back); `soldOut`:
   * whether a weight has none left now, which the shop's pages must show. A weight kept in batches sells from its
   * earliest best-before first and records the batches `checkoutId` took (decision 116).
   */
  takeStock(lines: readonly StockLine[], tx: Database, checkoutId: string): Promise<StockTaken>;
  /**
   * Locks the counted weights among `lines` inside `tx` (in `takeStock`'s lock order) and answers them with their
   * stock; weights not counted are left out. Whatever the caller reads next about them no other checkout can change
   * until `tx` ends.
   */
  lockStock(lines: readonly StockLine[], tx: Database): Promise<{ line: StockLine; stock: number }[]>;
  /**
   * Puts back what `takeStock` took for the checkout (cancelled, expired or abandoned, or a refund's restock), into the
   * batches it came from where the weight is kept in batches; whether a sold-out weight is back.
   */
  returnStock(lines: readonly StockLine[], tx: Database, checkoutId: string): Promise<{ restocked: boolean }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    productRepository: ProductRepository;
  }
}

export function createProductRepository(appDb: Database): ProductRepository {
  return {
    listShown: (db = appDb) => readProducts(db, isNull(products.hiddenAt)),
    listAll: (db = appDb) => readProducts(db),
    async findByIds(ids, db = appDb) {
      if (ids.length === 0) return [];
      return readProducts(db, and(inArray(products.id, [...new Set(ids)]), isNull(products.hiddenAt)));
    },
    findForUpdate,
    create: createProduct,
    replace: replaceProduct,
    setHidden: setProductHidden,
    lockStock,
    takeStock,
    returnStock,
  };
}

export default fp(
  async (app) => {
    app.decorate('productRepository', createProductRepository(app.db));
  },
  { name: 'product-repository', dependencies: ['database'] },
);
