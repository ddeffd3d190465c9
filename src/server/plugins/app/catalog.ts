/**
 * Adds `app.catalog`: an in-memory copy of the catalog with its JSON answers prepared in advance, so the
 * busiest reads never touch the database. Whoever changes products calls `app.catalog.refresh()`.
 */
import { asc } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Allergen, Category, VatRate } from '#shared/constants';
import { penceToPounds } from '#shared/money';
import type { Product } from '#shared/schemas/product';
import type { Database } from '../../db/client.ts';
import { prepareJson, type PreparedJson } from '../../lib/prepared-json.ts';
import { products, productWeights } from '../../db/schema.ts';

/** A product as the server reasons about it: money in pence. */
export interface CatalogProduct {
  id: string;
  name: string;
  category: Category;
  description: string;
  image: string;
  allergens: Allergen[];
  vatRate: VatRate;
  isNewlyLaunched: boolean;
  isBestSeller: boolean;
  weights: { label: string; grams: number; pricePence: number; mrpPence: number }[];
}

export interface Catalog {
  products(): readonly CatalogProduct[];
  find(id: string): CatalogProduct | undefined;
  listJson(): PreparedJson;
  productJson(id: string): PreparedJson | undefined;
  refresh(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: Catalog;
  }
}

export function toWireProduct(product: CatalogProduct): Product {
  const [first] = product.weights;
  return {
    _id: product.id,
    name: product.name,
    category: product.category,
    image: product.image,
    price: penceToPounds(first?.pricePence ?? 0),
    description: product.description,
    weights: product.weights.map((weight) => ({
      label: weight.label,
      grams: weight.grams,
      price: penceToPounds(weight.pricePence),
      mrp: penceToPounds(weight.mrpPence),
    })),
    isNewlyLaunched: product.isNewlyLaunched,
    isBestSeller: product.isBestSeller,
    allergens: product.allergens,
    vatRate: product.vatRate,
  };
}

export async function loadCatalog(db: Database): Promise<CatalogProduct[]> {
  const [productRows, weightRows] = await Promise.all([
    db.select().from(products).orderBy(asc(products.position), asc(products.name)),
    db.select().from(productWeights).orderBy(asc(productWeights.productId), asc(productWeights.position)),
  ]);
  // NOTE: Map.groupBy would do this, but Node 20 lacks it.
  const weightsByProduct = new Map<string, (typeof weightRows)[number][]>();
  for (const row of weightRows) {
    const list = weightsByProduct.get(row.productId);
    if (list) list.push(row);
    else weightsByProduct.set(row.productId, [row]);
  }
  return productRows.map((row) => ({
    id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    image: row.image,
    allergens: row.allergens as Allergen[],
    vatRate: row.vatRate as VatRate,
    isNewlyLaunched: row.isNewlyLaunched,
    isBestSeller: row.isBestSeller,
    weights: (weightsByProduct.get(row.id) ?? []).map(({ label, grams, pricePence, mrpPence }) => ({
      label,
      grams,
      pricePence,
      mrpPence,
    })),
  }));
}

interface Snapshot {
  products: CatalogProduct[];
  byId: Map<string, { product: CatalogProduct; json: PreparedJson }>;
  list: PreparedJson;
}

function buildSnapshot(catalogProducts: CatalogProduct[]): Snapshot {
  return {
    products: catalogProducts,
    byId: new Map(catalogProducts.map((product) => [product.id, { product, json: prepareJson(toWireProduct(product)) }])),
    list: prepareJson(catalogProducts.map(toWireProduct)),
  };
}

export default fp(
  async (app) => {
    let snapshot = buildSnapshot(await loadCatalog(app.db));
    app.decorate('catalog', {
      products: () => snapshot.products,
      find: (id) => snapshot.byId.get(id)?.product,
      listJson: () => snapshot.list,
      productJson: (id) => snapshot.byId.get(id)?.json,
      async refresh() {
        snapshot = buildSnapshot(await loadCatalog(app.db));
      },
    } satisfies Catalog);
  },
  { name: 'catalog', dependencies: ['database'] },
);
