/**
 * Adds `app.catalog`: an in-memory copy of the catalog with its JSON answers prepared in advance, so the
 * busiest reads never touch the database. Whoever changes products calls `app.catalog.refresh()`.
 */
import fp from 'fastify-plugin';
import { penceToPounds } from '#shared/money';
import type { Product } from '#shared/schemas/product';
import { type PreparedAnswer, prepareJson } from '../../lib/prepared-answer.ts';
import type { ProductRecord } from './product-repository.ts';

export interface Catalog {
  /** The products in the API's shape, as the list answer holds them (the page renderer's data). */
  products(): readonly Product[];
  listJson(): PreparedAnswer;
  productJson(id: string): PreparedAnswer | undefined;
  refresh(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: Catalog;
  }
}

/** A product in the API's shape: pounds with two decimals, the first weight's price as the headline price. */
export function toWireProduct(product: ProductRecord): Product {
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
      inStock: weight.stock === null || weight.stock > 0,
    })),
    isNewlyLaunched: product.isNewlyLaunched,
    isBestSeller: product.isBestSeller,
    allergens: product.allergens,
    vatRate: product.vatRate,
    ingredients: product.ingredients,
    mayContain: product.mayContain,
    nutrition: product.nutrition,
    origin: product.origin,
    storage: product.storage,
  };
}

interface PreparedCatalog {
  products: readonly Product[];
  list: PreparedAnswer;
  byId: Map<string, PreparedAnswer>;
}

function prepareCatalog(records: ProductRecord[]): PreparedCatalog {
  const wireProducts = records.map(toWireProduct);
  return {
    products: wireProducts,
    list: prepareJson(wireProducts),
    byId: new Map(wireProducts.map((product) => [product._id, prepareJson(product)])),
  };
}

export default fp(
  async (app) => {
    const load = async () => prepareCatalog(await app.productRepository.listShown());
    let prepared = await load();
    app.decorate('catalog', {
      products: () => prepared.products,
      listJson: () => prepared.list,
      productJson: (id) => prepared.byId.get(id),
      async refresh() {
        prepared = await load();
      },
    } satisfies Catalog);
  },
  { name: 'catalog', dependencies: ['product-repository'] },
);
