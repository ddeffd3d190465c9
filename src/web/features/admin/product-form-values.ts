/**
 * The product form's values as the browser holds them (every number as the text typed, stock empty when not
 * counted, nutrition switched off by 'No nutrition information yet') and the API's body made from them, so the
 * shared `ProductInputSchema` validates in the browser what the server will, with the same messages and field paths.
 */
import type { Allergen } from '#shared/allergens';
import type { Category } from '#shared/constants';
import type { AdminProduct, ProductInput } from '#shared/schemas/admin-product';
import type { Nutrition } from '#shared/schemas/product';

export type NutritionField = keyof Nutrition;

/** The UK declaration's nine values per 100 g, in its order, with the words the form labels them by. */
export const NUTRITION_FIELDS: readonly { name: NutritionField; label: string }[] = [
  { name: 'energyKj', label: 'Energy (kJ)' },
  { name: 'energyKcal', label: 'Energy (kcal)' },
  { name: 'fat', label: 'Fat (g)' },
  { name: 'saturates', label: 'of which saturates (g)' },
  { name: 'carbohydrate', label: 'Carbohydrate (g)' },
  { name: 'sugars', label: 'of which sugars (g)' },
  { name: 'fibre', label: 'Fibre (g)' },
  { name: 'protein', label: 'Protein (g)' },
  { name: 'salt', label: 'Salt (g)' },
];

export interface WeightFormValues {
  label: string;
  grams: string;
  /** Pounds, e.g. '4.19' (a leading '£' is allowed). */
  price: string;
  /** Pounds, or empty when the weight has no reference price (decision 094). */
  mrp: string;
  /** Packs left to sell; empty when the shop does not count them. */
  stock: string;
  /** Packs at which the shop is mailed (decision 098); empty for no alert. */
  lowStockAt: string;
  /** The stock the form was filled with (null: not counted); absent for a weight added here. */
  stockSeen?: number | null;
}

export interface ProductFormValues {
  name: string;
  category: Category;
  description: string;
  image: string;
  isNewlyLaunched: boolean;
  isBestSeller: boolean;
  /** Empty until the owner chooses: a new product has no VAT rate by default. */
  vatRate: '' | '0' | '20';
  allergens: Allergen[];
  mayContain: Allergen[];
  ingredients: string;
  /** 'No nutrition information yet': the product's nutrition is null and the nine fields are not sent. */
  noNutrition: boolean;
  nutrition: Record<NutritionField, string>;
  origin: string;
  storage: string;
  weights: WeightFormValues[];
}

export const EMPTY_WEIGHT: WeightFormValues = { label: '', grams: '', price: '', mrp: '', stock: '', lowStockAt: '' };

const EMPTY_NUTRITION = Object.fromEntries(NUTRITION_FIELDS.map(({ name }) => [name, ''])) as Record<
  NutritionField,
  string
>;

/** A new product's form: nothing chosen but a category (not even the VAT rate), no nutrition yet, one empty weight. */
export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  category: 'Nuts',
  description: '',
  image: '',
  isNewlyLaunched: false,
  isBestSeller: false,
  vatRate: '',
  allergens: [],
  mayContain: [],
  ingredients: '',
  noNutrition: true,
  nutrition: EMPTY_NUTRITION,
  origin: '',
  storage: '',
  weights: [EMPTY_WEIGHT],
};

/**
 * A typed number as the schema should see it: nothing typed is `undefined` (the schema's 'must be a number'), words
 * are NaN (the same message), '£4.19' and '1,000' are 4.19 and 1000.
 */
export function readNumber(text: string): number | undefined {
  const plain = text.trim().replace(/^£/, '').replaceAll(',', '');
  return plain === '' ? undefined : Number(plain);
}

/** The API's body from the form, not yet validated: what `ProductInputSchema` is given, in the browser as on the server. */
export function toProductInput(values: ProductFormValues): Record<keyof ProductInput, unknown> {
  const { noNutrition, nutrition, vatRate, weights, ...fields } = values;
  return {
    ...fields,
    vatRate: vatRate === '' ? undefined : Number(vatRate),
    nutrition: noNutrition
      ? null
      : Object.fromEntries(NUTRITION_FIELDS.map(({ name }) => [name, readNumber(nutrition[name])])),
    weights: weights.map((weight) => ({
      label: weight.label,
      grams: readNumber(weight.grams),
      price: readNumber(weight.price),
      // Empty: no MRP, so the shop shows no struck price and no 'OFF' label for this weight.
      mrp: weight.mrp.trim() === '' ? null : readNumber(weight.mrp),
      // Empty: not counted. Anything typed is a count, checked by the schema.
      stock: weight.stock.trim() === '' ? null : readNumber(weight.stock),
      lowStockAt: weight.lowStockAt.trim() === '' ? null : readNumber(weight.lowStockAt),
      // So the server keeps what checkouts took meanwhile, or says the stock moved under the owner's change.
      ...(weight.stockSeen === undefined ? {} : { stockSeen: weight.stockSeen }),
    })),
  };
}

/** Pounds as the form shows them: '4.19', '12.50', '3'. */
const poundsText = (pounds: number) => (Number.isInteger(pounds) ? String(pounds) : pounds.toFixed(2));

/** The form filled from a product as the owner's list gives it. */
export function toProductFormValues(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    category: product.category,
    description: product.description,
    image: product.image,
    isNewlyLaunched: product.isNewlyLaunched,
    isBestSeller: product.isBestSeller,
    vatRate: product.vatRate === 20 ? '20' : '0',
    allergens: [...product.allergens],
    mayContain: [...product.mayContain],
    ingredients: product.ingredients,
    noNutrition: product.nutrition === null,
    nutrition: product.nutrition
      ? (Object.fromEntries(NUTRITION_FIELDS.map(({ name }) => [name, String(product.nutrition![name])])) as Record<
          NutritionField,
          string
        >)
      : EMPTY_NUTRITION,
    origin: product.origin,
    storage: product.storage,
    weights: product.weights.map((weight) => ({
      label: weight.label,
      grams: String(weight.grams),
      price: poundsText(weight.price),
      mrp: weight.mrp === null ? '' : poundsText(weight.mrp),
      stock: weight.stock === null ? '' : String(weight.stock),
      lowStockAt: weight.lowStockAt === null ? '' : String(weight.lowStockAt),
      stockSeen: weight.stock,
    })),
  };
}

/**
 * Where the form shows a server's field error ('weights.0.price' under that weight's price), or undefined for a field
 * the form does not have. A list's own error ('weights': two weights share a label) sits under the list.
 */
export function formFieldOf(field: string): string | undefined {
  if (field === 'weights') return 'weights.root';
  const [first, second, third] = field.split('.');
  if (first === 'weights' && second !== undefined && /^\d+$/.test(second)) {
    return third === undefined ? 'weights.root' : `weights.${second}.${third}`;
  }
  if (first === 'nutrition') {
    return second === undefined ? 'nutrition' : `nutrition.${second}`;
  }
  return FORM_FIELDS.has(first ?? '') && second === undefined ? first : undefined;
}

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_PRODUCT_FORM));

/** The pictures the shop's products use, each once, in the order first used: what a product may show. */
export function productImages(products: readonly { image: string }[]): string[] {
  return [...new Set(products.map((product) => product.image))];
}

/**
 * A picture's words for the select: an illustration by its file ('/images/products/roasted-cashew-nuts.svg' →
 * 'roasted-cashew-nuts.svg'), an upload as one, with the start of its random name to tell uploads apart.
 */
export function imageName(image: string): string {
  const file = image.slice(image.lastIndexOf('/') + 1);
  return image.startsWith('/uploads/') ? `Uploaded picture ${file.slice(0, 8)}` : file;
}
