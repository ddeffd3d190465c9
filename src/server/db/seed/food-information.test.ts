import { describe, expect, it } from 'vitest';
import { ALLERGENS, type Allergen, mayContainAllergens } from '#shared/allergens';
import { KITCHEN_ALLERGENS, withKitchenAllergens } from '#shared/kitchen';
import { catalog } from './catalog.ts';
import { foodInformation } from './food-information.ts';

/** How an ingredients list names each allergen; no trailing boundary, so plurals ('almonds', 'eggs') match too. */
const ALLERGEN_INGREDIENT_WORDS: Record<Allergen, RegExp> = {
  Celery: /\b(?:celery|celeriac)/i,
  'Cereals containing gluten': /\b(?:wheat|barley|rye|oat|spelt|kamut)/i,
  Crustaceans: /\b(?:crustacean|crab|lobster|prawn|shrimp|crayfish|langoustine)/i,
  Eggs: /\beggs?\b/i,
  Fish: /\b(?:fish|anchov|salmon|tuna|cod)\b/i,
  Lupin: /\blupin/i,
  Milk: /\b(?:milk|butter|cream|whey|cheese|yoghurt)/i,
  Molluscs: /\b(?:mollusc|mussel|oyster|squid|clam|scallop|octopus)/i,
  Mustard: /\bmustard/i,
  Peanuts: /\bpeanut/i,
  Sesame: /\bsesame/i,
  Soya: /\bsoya/i,
  'Sulphur dioxide and sulphites': /\b(?:sulphur dioxide|sulphite)/i,
  'Tree nuts': /\b(?:almond|cashew|walnut|hazelnut|pecan|pistachio|brazil|macadamia|pine nut)/i,
};

/** An ingredients list's top-level entries, splitting on commas outside brackets ('tamari (water, soya beans)' is one). */
function ingredientEntries(ingredients: string) {
  const entries: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of ingredients) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      entries.push(current.trim());
      current = '';
    } else current += char;
  }
  entries.push(current.trim());
  return entries;
}

function decimals(value: number, places: number) {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-9;
}

describe('the seeded food information', () => {
  it('has one entry for every catalog product and none for a product the catalog does not sell', () => {
    expect(Object.keys(foodInformation).sort()).toEqual(catalog.map((product) => product.id).sort());
  });

  it('declares nutrition per 100 g that adds up: kJ matches kcal, saturates within fat, sugars within carbohydrate', () => {
    for (const product of catalog) {
      const { nutrition } = foodInformation[product.id]!;
      for (const [name, value] of Object.entries(nutrition)) {
        expect(value, `${product.id} ${name}`).toBeGreaterThanOrEqual(0);
        const places = name.startsWith('energy') ? 0 : name === 'salt' ? 2 : 1;
        expect(decimals(value, places), `${product.id} ${name} has at most ${places} decimals`).toBe(true);
      }
      expect(Math.abs(nutrition.energyKj / (nutrition.energyKcal * 4.184) - 1), product.id).toBeLessThanOrEqual(0.03);
      expect(nutrition.fat, product.id).toBeGreaterThanOrEqual(nutrition.saturates);
      expect(nutrition.carbohydrate, product.id).toBeGreaterThanOrEqual(nutrition.sugars);
      const grams = nutrition.fat + nutrition.carbohydrate + nutrition.fibre + nutrition.protein + nutrition.salt;
      expect(grams, product.id).toBeLessThanOrEqual(100);
    }
  });

  it('names every declared allergen in the ingredients, and no allergen the product does not declare', () => {
    for (const product of catalog) {
      const { ingredients } = foodInformation[product.id]!;
      for (const allergen of ALLERGENS) {
        // NOTE: pine nuts are seeds, not one of UK law's tree nuts, so the pine nut product declares none.
        const named = ALLERGEN_INGREDIENT_WORDS[allergen].test(ingredients.replace(/\bpine nuts?\b/gi, ''));
        if (product.allergens.includes(allergen)) {
          expect(ALLERGEN_INGREDIENT_WORDS[allergen].test(ingredients), `${product.id}: ${allergen}`).toBe(true);
        } else expect(named, `${product.id} names ${allergen} but does not declare it`).toBe(false);
      }
    }
  });

  it('gives the characterising ingredient a percentage when there is more than one ingredient', () => {
    for (const product of catalog) {
      const entries = ingredientEntries(foodInformation[product.id]!.ingredients);
      expect(
        entries.every((entry) => entry.length > 0),
        product.id,
      ).toBe(true);
      // Additives (a preservative) do not make a product a mix of ingredients that needs a QUID.
      const foods = entries.filter((entry) => !/^preservative:/i.test(entry));
      if (foods.length > 1) expect(foods[0], product.id).toMatch(/\(\d+(?:\.\d+)?%\)$/);
    }
  });

  it("warns 'may contain' for what the description names and the kitchen handles, never a declared allergen", () => {
    for (const product of catalog) {
      const { mayContain } = foodInformation[product.id]!;
      for (const allergen of mayContain) {
        expect(ALLERGENS, product.id).toContain(allergen);
        expect(product.allergens, `${product.id} may contain ${allergen}, which it declares`).not.toContain(allergen);
      }
      expect(new Set(mayContain).size, product.id).toBe(mayContain.length);
      const expected = withKitchenAllergens({ allergens: product.allergens, mayContain: mayContainAllergens(product) });
      expect([...mayContain].sort(), product.id).toEqual(expected.sort());
      for (const allergen of KITCHEN_ALLERGENS) {
        if (!product.allergens.includes(allergen)) expect(mayContain, product.id).toContain(allergen);
      }
    }
  });

  it('says where the main ingredient comes from and how to store it', () => {
    for (const product of catalog) {
      const { origin, storage } = foodInformation[product.id]!;
      expect(origin.trim(), product.id).not.toBe('');
      expect(storage.trim(), product.id).not.toBe('');
    }
  });
});
