import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALLERGENS, mayContainAllergens } from '#shared/allergens';
import { CATEGORIES } from '#shared/constants';
import { penceToPounds, pricePerKgPence } from '#shared/money';
import { shownSaving } from '#shared/savings';
import { ProductIdSchema } from '#shared/schemas/product';
import { catalog } from './catalog.ts';
import { productImagesDir } from './index.ts';
import { priceWeights } from './seed-product.ts';

/** A seeded weight as the API shows it, for the shop's own saving label. */
const toWireWeight = (weight: { label: string; grams: number; pricePence: number; mrpPence: number | null }) => ({
  label: weight.label,
  grams: weight.grams,
  price: penceToPounds(weight.pricePence),
  mrp: weight.mrpPence === null ? null : penceToPounds(weight.mrpPence),
  inStock: true,
});

describe('the seeded catalog', () => {
  it('stocks at least 24 products, 8 or more per category, including the banner’s three', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(24);
    for (const category of CATEGORIES) {
      expect(catalog.filter((product) => product.category === category).length).toBeGreaterThanOrEqual(8);
    }
    expect(catalog.map((product) => product.id)).toEqual(
      expect.arrayContaining(['roasted-pumpkin-seeds', 'roasted-cashew-nuts', 'jumbo-flame-raisins']),
    );
  });

  it('has unique slug ids and names', () => {
    for (const product of catalog) expect(ProductIdSchema.safeParse(product.id).success).toBe(true);
    expect(new Set(catalog.map((product) => product.id)).size).toBe(catalog.length);
    expect(new Set(catalog.map((product) => product.name)).size).toBe(catalog.length);
  });

  it('prices 250g, 500g and 1kg cheaper per kg as packs grow, each product for what it is (decision 109)', () => {
    const perKgOf = (id: string, label = '1kg') => {
      const weight = priceWeights(catalog.find((product) => product.id === id)!).find((w) => w.label === label)!;
      return pricePerKgPence(weight.pricePence, weight.grams);
    };
    for (const product of catalog) {
      const weights = priceWeights(product);
      expect(weights.map((weight) => [weight.label, weight.grams])).toEqual([
        ['250g', 250],
        ['500g', 500],
        ['1kg', 1000],
      ]);
      for (const weight of weights) {
        expect(Number.isInteger(weight.pricePence), `${product.id} ${weight.label}`).toBe(true);
        // An MRP is a higher price to compare with, or none at all: never one the price equals or beats.
        if (weight.mrpPence !== null)
          expect(weight.mrpPence, `${product.id} ${weight.label}`).toBeGreaterThan(weight.pricePence);
      }
      const perKg = weights.map((weight) => pricePerKgPence(weight.pricePence, weight.grams));
      expect(perKg, product.id).toEqual([...perKg].sort((a, b) => b - a));
      expect(new Set(perKg).size).toBe(perKg.length);
      // Between £5 and £40 a kilo: a typo in a price (an extra or a missing digit) falls outside.
      for (const pence of perKg) {
        expect(pence, product.id).toBeGreaterThanOrEqual(500);
        expect(pence, product.id).toBeLessThanOrEqual(4000);
      }
    }
    // Pine nuts, macadamias and pistachios well above peanuts and sultanas.
    for (const dear of ['pine-nuts', 'roasted-macadamia-nuts', 'roasted-pistachios-in-shell']) {
      for (const cheap of ['honey-roasted-peanuts', 'golden-sultanas']) {
        expect(perKgOf(dear), `${dear} over ${cheap}`).toBeGreaterThan(2 * perKgOf(cheap));
      }
    }
    expect(new Set(catalog.map((product) => product.weights[0]?.pricePence)).size).toBeGreaterThan(12);
  });

  it('claims an MRP on most weights, not all, with savings that differ, and one of exactly 40%', () => {
    const weights = catalog.flatMap((product) => priceWeights(product).map((weight) => ({ product, weight })));
    const withMrp = weights.filter(({ weight }) => weight.mrpPence !== null);
    expect(withMrp.length).toBeGreaterThan(weights.length / 2);
    expect(withMrp.length).toBeLessThan(weights.length);
    const savings = withMrp.map(({ weight }) => shownSaving(toWireWeight(weight))?.label);
    expect(new Set(savings).size).toBeGreaterThan(5);
    expect(savings).toContain('Flat 40% OFF');
    const cashews = priceWeights(catalog.find((product) => product.id === 'roasted-cashew-nuts')!)[0];
    expect(cashews).toMatchObject({ label: '250g', pricePence: 419, mrpPence: 699 });
  });

  it('declares allergens from the UK list and a VAT rate of 0 or 20, tree nuts on every tree nut', () => {
    for (const product of catalog) {
      for (const allergen of product.allergens) expect(ALLERGENS).toContain(allergen);
      expect([0, 20]).toContain(product.vatRate);
    }
    // Every product sold as a nut is a tree nut except the peanut, a legume with an allergen of its own.
    for (const product of catalog.filter((item) => item.category === 'Nuts')) {
      const expected = product.id.includes('peanut') ? 'Peanuts' : 'Tree nuts';
      expect(product.allergens, product.id).toContain(expected);
    }
    const cashews = catalog.find((product) => product.id === 'roasted-cashew-nuts');
    expect(cashews?.vatRate).toBe(20);
    for (const product of catalog.filter((item) => item.category === 'Dry Fruits')) expect(product.vatRate).toBe(0);
  });

  it('marks several new launches and best sellers', () => {
    expect(catalog.filter((product) => product.isNewlyLaunched).length).toBeGreaterThanOrEqual(4);
    expect(catalog.filter((product) => product.isBestSeller).length).toBeGreaterThanOrEqual(4);
  });

  it('gives every product its own small SVG illustration with a title', () => {
    const files = catalog.map((product) => product.imageFile);
    expect(new Set(files).size).toBe(files.length);
    for (const file of files) {
      const url = new URL(file, productImagesDir);
      expect(statSync(url).size, file).toBeLessThan(12 * 1024);
      const svg = readFileSync(url, 'utf8');
      expect(svg).toMatch(/<svg[^>]*viewBox="0 0 400 400"/);
      expect(svg).toMatch(/<title>[^<]+<\/title>/);
      expect(svg).not.toMatch(/<script|<image|href="http/);
    }
  });

  it('gives every product packed beside other allergens a "may contain" warning (decision 062)', () => {
    const beside = catalog.filter((product) => product.description.includes('also handles'));
    expect(beside.length).toBeGreaterThanOrEqual(9);
    for (const product of beside) expect(mayContainAllergens(product), product.id).not.toEqual([]);
  });
});
