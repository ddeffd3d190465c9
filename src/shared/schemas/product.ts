import { z } from 'zod';
import { ALLERGENS, type Allergen } from '#shared/allergens';
import { CATEGORIES, PRODUCT_SORTS, VAT_RATES } from '#shared/constants';

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
  /**
   * The reference price in pounds that the price is compared with (struck through, with its real saving), or null
   * where the owner gives none: then the page shows no struck price and no 'OFF' label (decision 094).
   */
  mrp: z.number().nonnegative().nullable(),
  /** False once the shop counts this weight's stock and none is left to sell (docs/api.md, Stock). */
  inStock: z.boolean(),
  /**
   * Where the weight's stock is kept in batches: the earliest best-before a sale would take now (`YYYY-MM-DD`), or null
   * when none is left to sell; the product page shows 'Best before: {date} or later'. Absent otherwise.
   */
  bestBefore: z.string().nullable().optional(),
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

/**
 * What shoppers make of a product: its shown reviews' number and their average rating to one decimal, null with none
 * (docs/api.md, Reviews).
 */
export const ProductRatingSchema = z.object({
  average: z.number().min(1).max(5).nullable(),
  count: z.number().int().nonnegative(),
});
export type ProductRating = z.infer<typeof ProductRatingSchema>;

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
  // The food information shown before purchase (FIR art. 14; docs/api.md, The owner's API): empty, or null, until the owner writes it.
  /** As a label lists them, heaviest first; the page emphasises the allergens in it. */
  ingredients: z.string(),
  /** Allergens the product may carry from the kitchen, never one of `allergens`. */
  mayContain: z.array(z.enum(ALLERGENS)),
  nutrition: NutritionSchema.nullable(),
  /** Country of origin of the main ingredient. */
  origin: z.string(),
  storage: z.string(),
  rating: ProductRatingSchema,
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.array(ProductSchema);

export const ProductParamsSchema = z.object({ id: z.string() });

export const PRODUCT_PAGE_DEFAULT_LIMIT = 24;
export const PRODUCT_PAGE_MAX_LIMIT = 100;
export const PRODUCT_IDS_MAX = 100;
export const PRODUCT_COLLECTIONS = ['new', 'bestsellers'] as const;
/** The longest `free-from` accepted: every allergen's name, comma-separated, fits well within it. */
const FREE_FROM_MAX_LENGTH = 400;

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number.` })
    .int({ error: `${name} must be a whole number.` })
    .min(min, { error: `${name} must be at least ${min}.` })
    .max(max, { error: `${name} must be at most ${max}.` });

const KNOWN = `The allergens are ${ALLERGENS.join(', ')}.`;

/** One of the 14 allergens by its name in any case ('peanuts', 'Tree Nuts'). */
export function allergenNamed(name: string): Allergen | undefined {
  const lower = name.toLowerCase();
  return ALLERGENS.find((allergen) => allergen.toLowerCase() === lower);
}

/**
 * `GET /api/products/browse`: a page of the catalog in the shop's order, by category, collection (new launches,
 * best sellers) or search words (the storefront's search, shared with it), for catalogs too large to send whole;
 * sorted by price, rating or name, and without the products that contain or may contain the allergens `free-from`
 * names (decision 111).
 */
export const ProductBrowseQuerySchema = z.object({
  category: z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}.` }).optional(),
  collection: z.enum(PRODUCT_COLLECTIONS, { error: 'collection must be new or bestsellers.' }).optional(),
  q: z.string({ error: 'q must be text.' }).trim().max(100, { error: 'q must be at most 100 characters.' }).optional(),
  sort: z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}.` }).optional(),
  'free-from': z
    .string({ error: 'free-from must be allergen names, comma-separated.' })
    .max(FREE_FROM_MAX_LENGTH, { error: `free-from must be at most ${FREE_FROM_MAX_LENGTH} characters.` })
    .transform((text, context) => {
      const allergens = new Set<Allergen>();
      for (const name of text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const allergen = allergenNamed(name);
        if (allergen) allergens.add(allergen);
        else
          context.addIssue({
            code: 'custom',
            message: `free-from names an unknown allergen: ${name.slice(0, 40)}. ${KNOWN}`,
          });
      }
      return [...allergens];
    })
    .optional(),
  limit: wholeNumber('limit', 1, PRODUCT_PAGE_MAX_LIMIT).default(PRODUCT_PAGE_DEFAULT_LIMIT),
  offset: wholeNumber('offset', 0, 1_000_000).default(0),
});
export type ProductBrowseQuery = z.infer<typeof ProductBrowseQuerySchema>;

export const ProductPageSchema = z.object({
  items: z.array(ProductSchema),
  total: z.number().int(),
  /**
   * For a search nothing matched exactly, the words corrected to what the near matches (`items`) hold: the
   * storefront offers it as 'Did you mean …?'.
   */
  suggestion: z.string().optional(),
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

/** `GET /api/products?ids=a,b`: the products a guest cart holds, rather than the whole catalog. */
export const ProductIdsQuerySchema = z.object({
  ids: z
    .string({ error: 'ids must be a comma-separated list of product ids.' })
    .max(PRODUCT_IDS_MAX * 81, { error: `ids names at most ${PRODUCT_IDS_MAX} products.` })
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(
      z
        .array(
          z
            .string()
            .max(80, { error: 'ids must be product ids.' })
            .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'ids must be product ids.' }),
          { error: 'ids must be a comma-separated list of product ids.' },
        )
        .max(PRODUCT_IDS_MAX, { error: `ids names at most ${PRODUCT_IDS_MAX} products.` }),
    )
    .optional(),
});
