/**
 * Adds `app.catalog`: an in-memory copy of the catalog with its JSON answers prepared in advance, so the
 * busiest reads never touch the database. Whoever changes products calls `app.catalog.changed()`.
 *
 * Several processes on one PostgreSQL each keep their copy (decision 078): `changed()` reloads this one and sends a
 * NOTIFY on CATALOG_CHANNEL; every process LISTENs and reloads on another's, and reloads on every (re)connection of
 * its listener, as a notification sent while it was down is lost. While it is down, it also reloads every few seconds.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { penceToPounds } from '#shared/money';
import type { Product, ProductRating } from '#shared/schemas/product';
import { listenToChannel } from '../../lib/pg-listener.ts';
import { type PreparedAnswer, prepareJson } from '../../lib/prepared-answer.ts';
import type { ProductRecord } from './product-repository.ts';

export interface Catalog {
  /** The products in the API's shape, as the list answer holds them (the page renderer's data). */
  products(): readonly Product[];
  listJson(): PreparedAnswer;
  productJson(id: string): PreparedAnswer | undefined;
  /** Reloads this process's copy from the database (calls arriving meanwhile share one more reload after it). */
  refresh(): Promise<void>;
  /**
   * After a change to products, prices, stock or a product's shown reviews has committed: reloads, and tells the other processes to. Never
   * fails the caller, whose change is made: a reload or notice that fails is logged (and the listeners' catch-up or
   * the next change brings the copies back in step).
   */
  changed(): Promise<void>;
}

export const CATALOG_CHANNEL = 'catalog_changed';
/** How often a process whose listener is down reloads the catalog anyway. */
const POLL_WHILE_DEAF_MS = 3000;

export interface CatalogPluginOptions {
  /** PostgreSQL's URL, where other processes may share the database; none with PGlite (one process). */
  databaseUrl?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: Catalog;
  }
}

const UNRATED: ProductRating = { average: null, count: 0 };

/**
 * A product in the API's shape: pounds with two decimals, the first weight's price as the headline price, and its
 * rating (the reviews domain's summary; none where it is not given).
 */
export function toWireProduct(product: ProductRecord, rating: ProductRating = UNRATED): Product {
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
      mrp: weight.mrpPence === null ? null : penceToPounds(weight.mrpPence),
      // A weight kept in batches sells only what is not past its date or recalled (decision 116).
      inStock: weight.bestBefore !== undefined ? weight.bestBefore !== null : weight.stock === null || weight.stock > 0,
      ...(weight.bestBefore !== undefined && { bestBefore: weight.bestBefore }),
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
    rating,
  };
}

interface PreparedCatalog {
  products: readonly Product[];
  list: PreparedAnswer;
  byId: Map<string, PreparedAnswer>;
}

function prepareCatalog(records: ProductRecord[], ratings: ReadonlyMap<string, ProductRating>): PreparedCatalog {
  const wireProducts = records.map((record) => toWireProduct(record, ratings.get(record.id)));
  return {
    products: wireProducts,
    list: prepareJson(wireProducts),
    byId: new Map(wireProducts.map((product) => [product._id, prepareJson(product)])),
  };
}

export default fp<CatalogPluginOptions>(
  async (app, { databaseUrl }) => {
    // Ratings change with reviews, which tell the catalog through `changed()` as products do (decision 108).
    const load = async () => {
      const [records, ratings] = await Promise.all([
        app.productRepository.listShown(),
        app.reviewRepository.productRatings(),
      ]);
      return prepareCatalog(records, ratings);
    };
    let prepared = await load();

    let reloading: Promise<void> | undefined;
    let again = false;
    async function reloadUntilCurrent() {
      do {
        again = false;
        prepared = await load();
      } while (again);
    }
    function refresh(): Promise<void> {
      if (reloading) {
        // Whatever changed after the running reload began is read by one more.
        again = true;
        return reloading;
      }
      reloading = reloadUntilCurrent().finally(() => {
        reloading = undefined;
      });
      return reloading;
    }
    const refreshQuietly = () =>
      void refresh().catch((error: unknown) => app.log.error({ err: error }, 'catalog reload failed'));

    const thisProcess = randomUUID();
    app.decorate('catalog', {
      products: () => prepared.products,
      listJson: () => prepared.list,
      productJson: (id) => prepared.byId.get(id),
      refresh,
      async changed() {
        try {
          await refresh();
          if (databaseUrl) await app.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${thisProcess})`);
        } catch (error) {
          app.log.error({ err: error }, 'catalog change not yet shown: reload or notice failed');
        }
      },
    } satisfies Catalog);

    if (!databaseUrl) return;
    const listener = listenToChannel({
      connectionString: databaseUrl,
      channel: CATALOG_CHANNEL,
      onNotification: (from) => {
        if (from !== thisProcess) refreshQuietly();
      },
      onListening: refreshQuietly,
      log: app.log,
    });
    const poll = setInterval(() => {
      if (!listener.connected) refreshQuietly();
    }, POLL_WHILE_DEAF_MS);
    poll.unref();
    app.addHook('onClose', async () => {
      clearInterval(poll);
      await listener.close();
      await reloading?.catch(() => undefined);
    });
  },
  { name: 'catalog', dependencies: ['product-repository', 'review-repository', 'database'] },
);
