/**
 * The owner's catalog (docs/api.md, The owner's API and Stock): a product as the owner sees it (hidden ones too, each weight's
 * stock) and the body that creates or replaces one, shared by the server and the /admin screens. Prices are pounds
 * with at most two decimals on the wire and pence inside.
 */
import { z } from 'zod';
import { ALLERGENS } from '#shared/allergens';
import { VAT_RATES } from '#shared/constants';
import { hasControlCharacter } from '#shared/control-characters';
import { withKitchenAllergens } from '#shared/kitchen';
import { WEIGHT_LABEL_MAX_LENGTH } from './cart.ts';
import { CategorySchema, type NutritionSchema, ProductSchema, WeightSchema } from './product.ts';

export const PRODUCT_NAME_MAX_LENGTH = 120;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 2000;
export const INGREDIENTS_MAX_LENGTH = 2000;
export const ORIGIN_MAX_LENGTH = 100;
export const STORAGE_MAX_LENGTH = 500;
export const PRODUCT_WEIGHTS_MAX = 6;
/** £10,000 a pack: far above anything the shop sells, low enough that no total overflows. */
export const PRODUCT_PRICE_MAX_POUNDS = 10_000;
export const STOCK_MAX = 1_000_000;

export const AdminWeightSchema = WeightSchema.extend({
  /** Packs left to sell, or null when the shop does not count them. */
  stock: z.number().int().nullable(),
  /** Packs held by checkouts not paid yet (given back if they are not). */
  reserved: z.number().int(),
  /** The shop is mailed once when `stock` falls to this, and the dashboard lists the weight; null: no alert. */
  lowStockAt: z.number().int().nullable(),
});
export type AdminWeight = z.infer<typeof AdminWeightSchema>;

export const AdminProductSchema = ProductSchema.extend({
  hidden: z.boolean(),
  weights: z.array(AdminWeightSchema).min(1),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductListSchema = z.object({ items: z.array(AdminProductSchema), total: z.number().int() });
export type AdminProductList = z.infer<typeof AdminProductListSchema>;

/**
 * A strict object's own refusal: an unknown key is named (a program learns which field to leave out), anything else
 * gets `message`.
 */
const namingUnknownKeys = (message: string) => (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' && issue.keys?.length
    ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}. Please leave ${issue.keys.length > 1 ? 'them' : 'it'} out.`
    : message;

/**
 * What `GET /api/admin/products` answers but a PUT cannot set (the product's first price, whether it is hidden, its
 * rating, a weight's `inStock` and `reserved`): taken and ignored, so a program may send a product back as it read it
 * (docs/api.md, The owner's API).
 */
const readOnly = z.unknown().optional();

const oneLine = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .min(min, { error: `Please enter the ${field.toLowerCase()}.` })
    .max(max, { error: `${field} must be at most ${max} characters.` })
    .refine((value) => !hasControlCharacter(value), { error: `Please write the ${field.toLowerCase()} on one line.` });

const freeText = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .min(min, { error: `Please enter the ${field.toLowerCase()}.` })
    .max(max, { error: `${field} must be at most ${max} characters.` })
    .refine((value) => !hasControlCharacter(value, { lineBreaks: 'allowed' }), {
      error: `${field} has a character that cannot be shown.`,
    });

/** Pounds with at most two decimals (a price in pence), a penny or more. */
const pounds = (field: string) =>
  z
    .number({ error: `${field} must be a number of pounds.` })
    // NOTE: not just above zero: 1e-9 has no third decimal the check below can see, and is 0 pence.
    .min(0.01, { error: `${field} must be at least £0.01.` })
    .max(PRODUCT_PRICE_MAX_POUNDS, { error: `${field} must be at most £${PRODUCT_PRICE_MAX_POUNDS}.` })
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), {
      error: `${field} must be in pounds and pence (at most two decimals).`,
    });

const allergenList = (field: string) =>
  z
    .array(z.enum(ALLERGENS, { error: `${field}: choose from the 14 allergens.` }), {
      error: `${field} must be a list.`,
    })
    .max(ALLERGENS.length)
    .refine((list) => new Set(list).size === list.length, { error: `${field} names an allergen twice.` });

const grams = (field: string) =>
  z
    .number({ error: `${field} must be a number of grams.` })
    .nonnegative({ error: `${field} cannot be below 0.` })
    .max(100, { error: `${field} is per 100 g: at most 100.` });

export const NutritionInputSchema = z
  .strictObject(
    {
      energyKj: z
        .number({ error: 'Energy (kJ) must be a number.' })
        .int({ error: 'Energy (kJ) must be a whole number.' })
        .min(0)
        .max(4000, { error: 'Energy (kJ) is per 100 g: at most 4000.' }),
      energyKcal: z
        .number({ error: 'Energy (kcal) must be a number.' })
        .int({ error: 'Energy (kcal) must be a whole number.' })
        .min(0)
        .max(1000, { error: 'Energy (kcal) is per 100 g: at most 1000.' }),
      fat: grams('Fat'),
      saturates: grams('Saturates'),
      carbohydrate: grams('Carbohydrate'),
      sugars: grams('Sugars'),
      fibre: grams('Fibre'),
      protein: grams('Protein'),
      salt: grams('Salt'),
    },
    { error: 'Nutrition must give energy (kJ, kcal), fat, saturates, carbohydrate, sugars, fibre, protein and salt.' },
  )
  .refine((nutrition) => nutrition.saturates <= nutrition.fat, {
    error: 'Saturates are part of the fat: they cannot be more.',
    path: ['saturates'],
  })
  .refine((nutrition) => nutrition.sugars <= nutrition.carbohydrate, {
    error: 'Sugars are part of the carbohydrate: they cannot be more.',
    path: ['sugars'],
  }) satisfies z.ZodType<z.infer<typeof NutritionSchema>>;

export const ProductWeightInputSchema = z
  .strictObject(
    {
      inStock: readOnly,
      reserved: readOnly,
      bestBefore: readOnly,
      label: oneLine('Weight label', 1, WEIGHT_LABEL_MAX_LENGTH),
      grams: z
        .number({ error: 'Grams must be a number.' })
        .int({ error: 'Grams must be a whole number.' })
        .min(1, { error: 'Grams must be at least 1.' })
        .max(100_000, { error: 'Grams must be at most 100000.' }),
      price: pounds('Price'),
      /** Null when the owner leaves it empty: a weight never sold at a higher price has no reference price. */
      mrp: pounds('MRP').nullable(),
      stock: z
        .number({ error: 'Stock must be a whole number, or empty when not counted.' })
        .int({ error: 'Stock must be a whole number.' })
        .min(0, { error: 'Stock cannot be below 0.' })
        .max(STOCK_MAX, { error: `Stock must be at most ${STOCK_MAX}.` })
        .nullable(),
      /**
       * The stock the owner's form showed (null: not counted); absent for a new weight or a caller that sets stock
       * outright. Given, a stock left as it was keeps whatever checkouts have taken or given back since, and one the
       * owner changed while a checkout also changed it is refused (409) rather than overwritten.
       */
      lowStockAt: z
        .number({ error: 'Low stock alert must be a whole number of packs, or empty for none.' })
        .int({ error: 'Low stock alert must be a whole number of packs.' })
        .min(0, { error: 'Low stock alert cannot be below 0.' })
        .max(STOCK_MAX, { error: `Low stock alert must be at most ${STOCK_MAX}.` })
        .nullable()
        .optional(),
      stockSeen: z
        .number({ error: 'stockSeen must be a whole number or null.' })
        .int({ error: 'stockSeen must be a whole number or null.' })
        .min(0)
        .max(STOCK_MAX)
        .nullable()
        .optional(),
    },
    {
      error: namingUnknownKeys(
        'Each weight needs a label, grams, price, MRP (null when none) and stock (null when not counted).',
      ),
    },
  )
  .refine((weight) => weight.mrp === null || weight.price <= weight.mrp, {
    error: 'The price cannot be above the MRP.',
    path: ['price'],
  })
  .transform(({ inStock: _inStock, reserved: _reserved, bestBefore: _bestBefore, ...weight }) => weight);
export type ProductWeightInput = z.infer<typeof ProductWeightInputSchema>;

/**
 * `POST /api/admin/products` and `PUT /api/admin/products/{id}`: every editable field. The product as the owner's list
 * gives it is taken too, its read-only fields ignored; any other key is refused by name.
 */
export const ProductInputSchema = z
  .strictObject(
    {
      _id: readOnly,
      price: readOnly,
      hidden: readOnly,
      rating: readOnly,
      name: oneLine('Name', 1, PRODUCT_NAME_MAX_LENGTH),
      category: CategorySchema,
      description: freeText('Description', 1, PRODUCT_DESCRIPTION_MAX_LENGTH),
      /** A picture the shop serves: one of its illustrations or an uploaded photo. */
      image: z
        .string({ error: 'Please choose a picture.' })
        .regex(
          /^(?:\/images\/products\/[a-z0-9-]+\.svg|\/uploads\/products\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp)$/,
          { error: 'Please choose a picture.' },
        ),
      isNewlyLaunched: z.boolean({ error: 'New launch must be true or false.' }),
      isBestSeller: z.boolean({ error: 'Best seller must be true or false.' }),
      // No default: a roasted nut added in a hurry must not go out zero-rated by accident.
      vatRate: z.union(
        VAT_RATES.map((rate) => z.literal(rate)),
        { error: 'Please choose the VAT rate: 0% or 20%.' },
      ),
      allergens: allergenList('Allergens'),
      mayContain: allergenList('May contain'),
      ingredients: freeText('Ingredients', 0, INGREDIENTS_MAX_LENGTH),
      nutrition: NutritionInputSchema.nullable(),
      origin: oneLine('Origin', 0, ORIGIN_MAX_LENGTH),
      storage: freeText('Storage', 0, STORAGE_MAX_LENGTH),
      weights: z
        .array(ProductWeightInputSchema, { error: 'Weights must be a list.' })
        .min(1, { error: 'Please give at least one weight.' })
        .max(PRODUCT_WEIGHTS_MAX, { error: `At most ${PRODUCT_WEIGHTS_MAX} weights.` })
        .refine((weights) => new Set(weights.map((weight) => weight.label.toLowerCase())).size === weights.length, {
          error: 'Each weight needs its own label.',
        }),
    },
    { error: namingUnknownKeys('Send the product as an object.') },
  )
  .refine((product) => !product.mayContain.some((allergen) => product.allergens.includes(allergen)), {
    error: 'An allergen the product contains is not a "may contain".',
    path: ['mayContain'],
  })
  // The kitchen's allergens join every product's 'may contain' here, so no save can leave one out (decision 114).
  .transform(({ _id: _ignored, price: _price, hidden: _hidden, rating: _rating, ...product }) => ({
    ...product,
    mayContain: withKitchenAllergens(product),
  }));
export type ProductInput = z.infer<typeof ProductInputSchema>;

export const ProductIdParamsSchema = z.object({
  id: z.string().min(1, { error: 'Product not found.' }).max(80, { error: 'Product not found.' }),
});

export const HideProductBodySchema = z.strictObject(
  { hidden: z.boolean({ error: 'hidden must be true or false.' }) },
  { error: 'Send { hidden: true } or { hidden: false }.' },
);

/** `POST /api/admin/products/images`: one picture, JPEG, PNG or WebP, in the multipart field `image`. */
export const PRODUCT_IMAGE_FIELD = 'image';
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const productImageMessages = {
  missing: 'Please choose a picture to upload.',
  unsupported: 'Please choose a JPEG, PNG or WebP picture.',
  tooLarge: 'The picture must be at most 5 MB.',
  tooManyPixels: 'The picture is too large: please upload one of at most 50 megapixels, or 25 with 16-bit colour.',
  notStored:
    'The picture could not be stored: the server’s disk is full or read-only. Free some space (or ask your host), then upload it again.',
} as const;

export const UploadedProductImageSchema = z.object({ image: z.string() });

export const stockMovedMessage = (label: string, now: number | null) =>
  `The stock of ${label} changed while you were editing (it is now ${now === null ? 'not counted' : now}). Please check it and save again.`;
