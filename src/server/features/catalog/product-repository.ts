/** Adds `app.productRepository`: products read from the database with money in pence, for the catalog and checkout. */
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Allergen } from '#shared/allergens';
import type { Category, VatRate } from '#shared/constants';
import type { Database } from '../../db/database.ts';
import { products, productWeights } from '../../db/schema.ts';

/** One pack size of a product; `pricePence` is what the shopper pays, VAT included. */
export interface WeightRecord {
  label: string;
  grams: number;
  pricePence: number;
  mrpPence: number;
}

/** A product as the server reasons about it: money in pence, weights in the order of the size buttons. */
export interface ProductRecord {
  id: string;
  name: string;
  category: Category;
  description: string;
  image: string;
  allergens: Allergen[];
  vatRate: VatRate;
  isNewlyLaunched: boolean;
  isBestSeller: boolean;
  weights: WeightRecord[];
}

/**
 * Every method reads through `app.db` unless given another handle. Pass the `tx` of `app.db.transaction(…)`
 * to read inside that transaction: its own changes and locks, one consistent view for pricing a checkout.
 * NOTE: inside a transaction always pass `tx`. PGlite has one connection, so a read through `app.db` waits for
 * the open transaction to end, which never happens; on PostgreSQL it would read outside the transaction.
 */
export interface ProductRepository {
  /** Every product with its weights, in the shop's order (position, then name). */
  listAll(db?: Database): Promise<ProductRecord[]>;
  /** The products among `ids` that exist, with their weights, in the shop's order; unknown ids are left out. */
  findByIds(ids: readonly string[], db?: Database): Promise<ProductRecord[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    productRepository: ProductRepository;
  }
}

// One statement rather than a query per table, so products and their weights come from the same moment.
async function readProducts(db: Database, where?: SQL): Promise<ProductRecord[]> {
  const rows = await db
    .select({ product: products, weight: productWeights })
    .from(products)
    .leftJoin(productWeights, eq(productWeights.productId, products.id))
    .where(where)
    .orderBy(asc(products.position), asc(products.name), asc(products.id), asc(productWeights.position));

  const byId = new Map<string, ProductRecord>();
  for (const { product, weight } of rows) {
    let record = byId.get(product.id);
    if (!record) {
      record = {
        id: product.id,
        name: product.name,
        category: product.category,
        description: product.description,
        image: product.image,
        // NOTE: the columns are plain text and smallint; the seed and the schema's checks keep them in these sets.
        allergens: product.allergens as Allergen[],
        vatRate: product.vatRate as VatRate,
        isNewlyLaunched: product.isNewlyLaunched,
        isBestSeller: product.isBestSeller,
        weights: [],
      };
      byId.set(product.id, record);
    }
    if (weight) {
      const { label, grams, pricePence, mrpPence } = weight;
      record.weights.push({ label, grams, pricePence, mrpPence });
    }
  }
  return [...byId.values()];
}

function createProductRepository(appDb: Database): ProductRepository {
  return {
    listAll: (db = appDb) => readProducts(db),
    async findByIds(ids, db = appDb) {
      if (ids.length === 0) return [];
      return readProducts(db, inArray(products.id, [...new Set(ids)]));
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('productRepository', createProductRepository(app.db));
  },
  { name: 'product-repository', dependencies: ['database'] },
);
