import type { Allergen, Category, VatRate } from '#shared/constants';

/** One catalog product as the seed writes it: money in integer pence, the image as a file in ./images/products. */
export interface SeedProduct {
  /** Lowercase slug, also the product's public id and URL part. */
  id: string;
  name: string;
  category: Category;
  description: string;
  /** File name under src/server/db/seed/images/products, served at /images/products/<file>. */
  imageFile: string;
  /** 250g, 500g, 1kg in that order; the first is priced 419 with MRP 699. pricePence === offerPricePence(mrpPence). */
  weights: { label: string; grams: number; pricePence: number; mrpPence: number }[];
  allergens: Allergen[];
  vatRate: VatRate;
  isNewlyLaunched: boolean;
  isBestSeller: boolean;
}
