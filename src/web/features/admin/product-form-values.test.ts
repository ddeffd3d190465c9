import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '#shared/schemas/admin-product';
import { ProductInputSchema } from '#shared/schemas/admin-product';
import {
  EMPTY_PRODUCT_FORM,
  formFieldOf,
  imageName,
  type ProductFormValues,
  productImages,
  readNumber,
  toProductFormValues,
  toProductInput,
} from './product-form-values.ts';

const nutrition = {
  energyKj: 2400,
  energyKcal: 580,
  fat: 46.4,
  saturates: 8,
  carbohydrate: 22.5,
  sugars: 5.9,
  fibre: 3.3,
  protein: 18.2,
  salt: 0.03,
};

const product: AdminProduct = {
  _id: 'roasted-cashew-nuts',
  name: 'Roasted Cashew Nuts',
  category: 'Nuts',
  image: '/images/products/roasted-cashew-nuts.svg',
  price: 4.19,
  description: 'Slow-roasted.',
  weights: [
    { label: '250g', grams: 250, price: 4.19, mrp: 6.99, inStock: true, stock: null, reserved: 0, lowStockAt: null },
    { label: '1kg', grams: 1000, price: 15, mrp: 25, inStock: true, stock: 7, reserved: 2, lowStockAt: 3 },
  ],
  isNewlyLaunched: false,
  isBestSeller: true,
  allergens: ['Tree nuts'],
  vatRate: 0,
  ingredients: 'Cashew nuts (100%)',
  mayContain: ['Peanuts', 'Sesame'],
  nutrition,
  origin: 'India',
  storage: 'Keep dry.',
  rating: { average: null, count: 0 },
  hidden: false,
};

describe('readNumber', () => {
  it('reads what the owner types, and leaves nothing typed undefined', () => {
    expect(readNumber('4.19')).toBe(4.19);
    expect(readNumber(' £12.50 ')).toBe(12.5);
    expect(readNumber('1,000')).toBe(1000);
    expect(readNumber('')).toBeUndefined();
    expect(readNumber('  ')).toBeUndefined();
    expect(readNumber('four')).toBeNaN();
  });
});

describe('the product form and the API body', () => {
  it('fills the form from a product, and makes the same product back', () => {
    const values = toProductFormValues(product);
    expect(values.weights).toEqual([
      { label: '250g', grams: '250', price: '4.19', mrp: '6.99', stock: '', lowStockAt: '', stockSeen: null },
      { label: '1kg', grams: '1000', price: '15', mrp: '25', stock: '7', lowStockAt: '3', stockSeen: 7 },
    ]);
    expect(values.nutrition.fat).toBe('46.4');
    expect(values.noNutrition).toBe(false);
    const body = ProductInputSchema.parse(toProductInput(values));
    const { _id, price, hidden, rating, weights, ...fields } = product;
    expect(body).toEqual({
      ...fields,
      // Each weight says the stock the form showed, so the server keeps what checkouts took meanwhile.
      weights: weights.map(({ inStock, reserved, ...weight }) => ({ ...weight, stockSeen: weight.stock })),
    });
  });

  it('sends no nutrition (null) when the owner has none yet, whatever the fields held', () => {
    const values: ProductFormValues = { ...toProductFormValues(product), noNutrition: true };
    expect(toProductInput(values).nutrition).toBeNull();
    expect(toProductFormValues({ ...product, nutrition: null }).noNutrition).toBe(true);
  });

  it('reads an empty stock as not counted and a typed one as a count', () => {
    const values = toProductFormValues(product);
    const weights = toProductInput(values).weights as { stock: unknown }[];
    expect(weights.map(({ stock }) => stock)).toEqual([null, 7]);
  });

  it('reads an empty MRP as none (null), which any price passes, and shows none as an empty field', () => {
    const values = toProductFormValues({
      ...product,
      weights: [{ ...product.weights[0]!, price: 4.95, mrp: null }],
    });
    expect(values.weights[0]?.mrp).toBe('');
    const withSpaces = { ...values, weights: [{ ...values.weights[0]!, mrp: '  ' }] };
    const body = ProductInputSchema.parse(toProductInput(withSpaces));
    expect(body.weights[0]).toMatchObject({ price: 4.95, mrp: null });
    // Typed, it is a price like any other: words are refused, not read as none.
    const words = { ...values, weights: [{ ...values.weights[0]!, mrp: 'none' }] };
    const issues = ProductInputSchema.safeParse(toProductInput(words)).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['weights.0.mrp', 'MRP must be a number of pounds.'],
    ]);
  });

  it("lets the shared schema say what is wrong, with its own messages, at the form's field paths", () => {
    const values: ProductFormValues = {
      ...EMPTY_PRODUCT_FORM,
      weights: [{ label: '250g', grams: 'lots', price: '9', mrp: '5', stock: '-1', lowStockAt: '' }],
    };
    const issues = ProductInputSchema.safeParse(toProductInput(values)).error?.issues ?? [];
    const byPath = Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byPath).toMatchObject({
      name: 'Please enter the name.',
      image: 'Please choose a picture.',
      'weights.0.grams': 'Grams must be a number.',
      'weights.0.stock': 'Stock cannot be below 0.',
    });
    // Price above MRP is checked once the weight's own fields are right.
    const priced = {
      ...values,
      weights: [{ label: '250g', grams: '250', price: '9', mrp: '5', stock: '', lowStockAt: '' }],
    };
    const refined = ProductInputSchema.safeParse(toProductInput(priced)).error?.issues ?? [];
    expect(refined.find((issue) => issue.path.join('.') === 'weights.0.price')?.message).toBe(
      'The price cannot be above the MRP.',
    );
  });
});

describe('formFieldOf', () => {
  it("places the server's field errors on the form's fields", () => {
    expect(formFieldOf('name')).toBe('name');
    expect(formFieldOf('weights.1.price')).toBe('weights.1.price');
    expect(formFieldOf('nutrition.sugars')).toBe('nutrition.sugars');
    expect(formFieldOf('weights')).toBe('weights.root');
    expect(formFieldOf('weights.0')).toBe('weights.root');
    expect(formFieldOf('mayContain')).toBe('mayContain');
  });

  it('leaves what the form has no field for to the message above the button', () => {
    expect(formFieldOf('')).toBeUndefined();
    expect(formFieldOf('hidden')).toBeUndefined();
    expect(formFieldOf('name.first')).toBeUndefined();
  });
});

describe('the pictures to choose from', () => {
  it('lists each picture the products use once, in the order first used, by its file name', () => {
    const images = productImages([
      { image: '/images/products/a.svg' },
      { image: '/images/products/b.webp' },
      { image: '/images/products/a.svg' },
    ]);
    expect(images).toEqual(['/images/products/a.svg', '/images/products/b.webp']);
    expect(imageName(images[1]!)).toBe('b.webp');
    expect(imageName('/uploads/products/3f2a9c1e-1111-4222-8333-944445555666.webp')).toBe('Uploaded picture 3f2a9c1e');
  });
});
