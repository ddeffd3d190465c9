import { z } from 'zod';
import { ALLERGENS } from '#shared/allergens';
import { CATEGORIES, VAT_RATES } from '#shared/constants';

export const CategorySchema = z.enum(CATEGORIES);

/** Product ids are opaque to clients; the shop mints them as lowercase slugs. */
export const ProductIdSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

export const WeightSchema = z.object({
  label: z.string(),
  grams: z.number().int().positive(),
  /** Price in pounds, VAT included. */
  price: z.number().nonnegative(),
  /** Maximum retail price in pounds; the price is 40% off it. */
  mrp: z.number().nonnegative(),
});
export type Weight = z.infer<typeof WeightSchema>;

export const ProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: CategorySchema,
  image: z.string(),
  /** The price of the first weight, in pounds. */
  price: z.number().nonnegative(),
  description: z.string(),
  weights: z.array(WeightSchema).min(1),
  isNewlyLaunched: z.boolean(),
  isBestSeller: z.boolean(),
  allergens: z.array(z.enum(ALLERGENS)),
  vatRate: z.union(VAT_RATES.map((rate) => z.literal(rate))),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.array(ProductSchema);

export const ProductParamsSchema = z.object({ id: z.string() });
