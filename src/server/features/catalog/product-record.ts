/**
 * A product as the server reasons about it (money in pence), and the one read that makes it from the database's rows:
 * what every list, lookup and write of the product repository answers.
 */
import { and, asc, eq, gt, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Allergen } from '#shared/allergens';
import type { Category, VatRate } from '#shared/constants';
import type { Nutrition } from '#shared/schemas/product';
import type { Database } from '../../db/database.ts';
import { products, productWeights, stockBatches } from '../../db/schema.ts';
import { londonToday } from './batch-stock.ts';

/** Each batched weight's earliest sellable best-before (null: none to sell), by `productId label`. */
async function bestBefores(db: Database, productIds: string[]): Promise<Map<string, string | null>> {
  if (productIds.length === 0) return new Map();
  const onSale = and(
    gt(stockBatches.remaining, 0),
    isNull(stockBatches.recalledAt),
    gte(stockBatches.bestBefore, londonToday),
  );
  const rows = await db
    .select({
      productId: stockBatches.productId,
      label: stockBatches.label,
      bestBefore: sql<string | null>`(min(${stockBatches.bestBefore}) filter (where ${onSale}))::text`,
    })
    .from(stockBatches)
    .where(inArray(stockBatches.productId, productIds))
    .groupBy(stockBatches.productId, stockBatches.label);
  return new Map(rows.map((row) => [`${row.productId} ${row.label}`, row.bestBefore]));
}

/** One pack size of a product; `pricePence` is what the shopper pays, VAT included. */
export interface WeightRecord {
  label: string;
  grams: number;
  pricePence: number;
  /** The reference price the page strikes through; null where the owner gives none (decision 094). */
  mrpPence: number | null;
  /** Packs left to sell; null when the shop does not count them. */
  stock: number | null;
  /** The owner is mailed once when `stock` falls to this (decision 098); null: no alert. */
  lowStockAt: number | null;
  /**
   * Where the stock is kept in batches (decision 116): the earliest best-before a sale would take now (`YYYY-MM-DD`),
   * or null when no batch can be sold. Absent for a weight that has never received a batch.
   */
  bestBefore?: string | null;
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
  /** When the owner hid it from the shop; null while it is sold. */
  hiddenAt: Date | null;
  ingredients: string;
  mayContain: Allergen[];
  nutrition: Nutrition | null;
  origin: string;
  storage: string;
}

// One statement rather than a query per table, so products and their weights come from the same moment.
export async function readProducts(db: Database, where?: SQL): Promise<ProductRecord[]> {
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
        hiddenAt: product.hiddenAt,
        ingredients: product.ingredients,
        mayContain: product.mayContain as Allergen[],
        nutrition: product.nutrition,
        origin: product.origin,
        storage: product.storage,
      };
      byId.set(product.id, record);
    }
    if (weight) {
      const { label, grams, pricePence, mrpPence, stock, lowStockAt } = weight;
      record.weights.push({ label, grams, pricePence, mrpPence, stock, lowStockAt });
    }
  }
  const batched = await bestBefores(db, [...byId.keys()]);
  for (const record of byId.values())
    for (const weight of record.weights) {
      const key = `${record.id} ${weight.label}`;
      if (batched.has(key)) weight.bestBefore = batched.get(key) ?? null;
    }
  return [...byId.values()];
}

/** One product, hidden or not, read inside `db`; its row must exist. */
export async function readProduct(id: string, db: Database): Promise<ProductRecord> {
  const [record] = await readProducts(db, eq(products.id, id));
  if (!record) throw new Error(`product ${id} lost its row`);
  return record;
}
