/** Seeds the catalog into an empty database; a database that already has products is left alone. */
import { sql } from 'drizzle-orm';
import type { Database } from '../database.ts';
import { products, productWeights } from '../schema.ts';
import { catalog } from './catalog.ts';
import { priceWeights } from './seed-product.ts';

export const productImagesDir = new URL('./images/products/', import.meta.url);

/**
 * Returns how many products were inserted (0 when the catalog was already there). Servers sharing a database
 * call it one at a time, under the setup lock that `DatabaseHandle.prepare` holds.
 */
export async function seedCatalog(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
    if ((existing?.count ?? 0) > 0) return 0;

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
