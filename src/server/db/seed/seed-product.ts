import type { Allergen } from '#shared/allergens';
import type { Category, VatRate } from '#shared/constants';

/** One catalog product as the seed data holds it: prices and MRPs in integer pence, the image as a file in ./images/products. */
export interface SeedProduct {
  /** Lowercase slug, also the product's public id and URL part. */
  id: string;
  name: string;
  category: Category;
  description: string;
  /** File name under src/server/db/seed/images/products, served at /images/products/<file>. */
  imageFile: string;
  /** 250g, 500g, 1kg in that order: the price paid, and the MRP it is compared with (null: none shown). */
  weights: { label: string; grams: number; pricePence: number; mrpPence: number | null }[];
  allergens: Allergen[];
  vatRate: VatRate;
  isNewlyLaunched: boolean;
  isBestSeller: boolean;
}

/** The product's weights with their prices, as the seed writes them (decisions 004, 109). */
export function priceWeights(product: SeedProduct) {
  return product.weights.map((weight) => ({ ...weight }));
}
