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
  /** False once the shop counts this weight's stock and none is left to sell (contract §8). */
  inStock: z.boolean(),
});
export type Weight = z.infer<typeof WeightSchema>;

/** Per 100 g, as a UK nutrition declaration lists it: energy in kJ and kcal, the rest in grams. */
export const NutritionSchema = z.object({
  energyKj: z.number().nonnegative(),
  energyKcal: z.number().nonnegative(),
  fat: z.number().nonnegative(),
  saturates: z.number().nonnegative(),
  carbohydrate: z.number().nonnegative(),
  sugars: z.number().nonnegative(),
  fibre: z.number().nonnegative(),
  protein: z.number().nonnegative(),
  salt: z.number().nonnegative(),
});
export type Nutrition = z.infer<typeof NutritionSchema>;

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
  // The food information shown before purchase (FIR art. 14, contract §7): empty, or null, until the owner writes it.
  /** As a label lists them, heaviest first; the page emphasises the allergens in it. */
  ingredients: z.string(),
  /** Allergens the product may carry from the kitchen, never one of `allergens`. */
  mayContain: z.array(z.enum(ALLERGENS)),
  nutrition: NutritionSchema.nullable(),
  /** Country of origin of the main ingredient. */
  origin: z.string(),
  storage: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.array(ProductSchema);

export const ProductParamsSchema = z.object({ id: z.string() });
