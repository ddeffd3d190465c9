/**
 * A product as the server reasons about it (money in pence), and the one read that makes it from the database's rows:
 * what every list, lookup and write of the product repository answers.
 */
import { asc, eq, type SQL } from 'drizzle-orm';
import type { Allergen } from '#shared/allergens';
import type { Category, VatRate } from '#shared/constants';
import type { Nutrition } from '#shared/schemas/product';
import type { Database } from '../../db/database.ts';
import { products, productWeights } from '../../db/schema.ts';

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
  return [...byId.values()];
}

/** One product, hidden or not, read inside `db`; its row must exist. */
export async function readProduct(id: string, db: Database): Promise<ProductRecord> {
  const [record] = await readProducts(db, eq(products.id, id));
  if (!record) throw new Error(`product ${id} lost its row`);
  return record;
}
