import type { Allergen } from '#shared/allergens';
import type { Category, VatRate } from '#shared/constants';
import { offerPricePence } from '#shared/money';

/** One catalog product as the seed data holds it: MRPs in integer pence, the image as a file in ./images/products. */
export interface SeedProduct {
  /** Lowercase slug, also the product's public id and URL part. */
  id: string;
  name: string;
  category: Category;
  description: string;
  /** File name under src/server/db/seed/images/products, served at /images/products/<file>. */
  imageFile: string;
  /** 250g, 500g, 1kg in that order; the first has MRP 699. Offer prices are derived (`priceWeights`), not stored. */
  weights: { label: string; grams: number; mrpPence: number }[];
  allergens: Allergen[];
  vatRate: VatRate;
  isNewlyLaunched: boolean;
  isBestSeller: boolean;
}

/** The product's weights with the offer price the shop charges for each, as the seed writes them (decision 004). */
export function priceWeights(product: SeedProduct) {
  return product.weights.map((weight) => ({ ...weight, pricePence: offerPricePence(weight.mrpPence) }));
}
