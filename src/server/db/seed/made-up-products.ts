/**
 * Made-up products beside the launch catalog, for a shop larger than today's: the bench's 5,000-product catalog
 * (`npm run bench catalog-scale`) and the browser tests of a list longer than one page. Each has three weights and
 * food information, and a name and category that vary, so lists, categories and search have something to page.
 */
import type { DatabaseHandle } from '../client.ts';
import { products, productWeights } from '../schema.ts';
import { catalog } from './catalog.ts';

const BATCH = 500;
const CATEGORIES = ['Nuts', 'Dry Fruits', 'Seeds'] as const;
const WORDS = ['Smoked', 'Honey', 'Chilli', 'Lime', 'Maple', 'Sea Salt', 'Garlic', 'Paprika', 'Lemon', 'Pepper'];
const KINDS = ['Almonds', 'Cashews', 'Pecans', 'Apricots', 'Figs', 'Sunflower Seeds', 'Pumpkin Seeds', 'Walnuts'];

/** Adds made-up products after the launch catalog (which `prepare` seeds) until the shop has `productCount`. */
export async function addMadeUpProducts(handle: DatabaseHandle, productCount: number): Promise<void> {
  for (let start = catalog.length; start < productCount; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, productCount - start) }, (_, offset) => {
      const index = start + offset;
      const name = `${WORDS[index % WORDS.length]} ${KINDS[index % KINDS.length]} No. ${index}`;
      return {
        id: `made-up-product-${index}`,
        name,
        category: CATEGORIES[index % CATEGORIES.length]!,
        description: `${name}: roasted in small batches in our London kitchen and packed by hand. A made-up product.`,
        image: '/images/products/roasted-cashew-nuts.svg',
        allergens: ['Tree nuts'],
        vatRate: 20,
        isNewlyLaunched: index % 97 === 0,
        isBestSeller: index % 89 === 0,
        position: index,
        ingredients: `${KINDS[index % KINDS.length]} (97%), sunflower oil, sea salt`,
        mayContain: ['Peanuts', 'Sesame'],
        nutrition: {
          energyKj: 2450,
          energyKcal: 590,
          fat: 48,
          saturates: 9,
          carbohydrate: 25,
          sugars: 5,
          fibre: 3.5,
          protein: 18,
          salt: 0.6,
        },
        origin: 'Vietnam',
        storage: 'Store in a cool, dry place. Once opened, keep sealed and eat within 4 weeks.',
      };
    });
    await handle.db.insert(products).values(batch);
    await handle.db.insert(productWeights).values(
      batch.flatMap((product) =>
        [
          ['250g', 250, 419, 699],
          ['500g', 500, 809, 1349],
          ['1kg', 1000, 1529, 2549],
        ].map(([label, grams, pricePence, mrpPence], position) => ({
          productId: product.id,
          label: label as string,
          grams: grams as number,
          pricePence: pricePence as number,
          mrpPence: mrpPence as number,
          position,
        })),
      ),
    );
  }
}
