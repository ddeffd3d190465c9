/**
 * Seeds the catalog into an empty database. A database that already has products keeps them, except that launch
 * products still without food information (a database from before it existed) are given the seed's.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../database.ts';
import { products, productWeights } from '../schema.ts';
import { catalog } from './catalog.ts';
import { foodInformation } from './food-information.ts';
import { priceWeights } from './seed-product.ts';

export const productImagesDir = new URL('./images/products/', import.meta.url);

/**
 * Returns how many products were inserted (0 when the catalog was already there). Servers sharing a database
 * call it one at a time, under the setup lock that `DatabaseHandle.prepare` holds.
 */
export async function seedCatalog(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
    if ((existing?.count ?? 0) > 0) {
      await fillMissingFoodInformation(tx);
      return 0;
    }

    await tx.insert(products).values(
      catalog.map((product, index) => ({
        id: product.id,
        name: product.name,
        category: product.category,
        description: product.description,
        image: `/images/products/${product.imageFile}`,
        allergens: product.allergens,
        vatRate: product.vatRate,
        isNewlyLaunched: product.isNewlyLaunched,
        isBestSeller: product.isBestSeller,
        position: index,
        ...foodInformation[product.id],
      })),
    );
    await tx
      .insert(productWeights)
      .values(
        catalog.flatMap((product) =>
          priceWeights(product).map((weight, position) => ({ productId: product.id, ...weight, position })),
        ),
      );
    return catalog.length;
  });
}

/** The launch products the owner has not written food information for yet get the seed's; nothing else changes. */
async function fillMissingFoodInformation(tx: Database): Promise<void> {
  const missing = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, Object.keys(foodInformation)), eq(products.ingredients, '')));
  for (const { id } of missing) {
    await tx
      .update(products)
      .set({ ...foodInformation[id] })
      .where(and(eq(products.id, id), eq(products.ingredients, '')));
  }
}
