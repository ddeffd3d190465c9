/**
 * The 14 allergens, and a product's 'may contain' (precautionary) allergens, read from its description's sentence
 * about what the kitchen also handles ('… which also handles peanuts, tree nuts and sesame.') or a 'may contain …'
 * sentence, named as the 14 are and without those the product declares as ingredients (decision 062). A module of
 * its own, apart from constants.ts, so the list stays out of the code every page loads.
 */

/** The 14 allergens UK food law requires a seller to declare (FSA). */
export const ALLERGENS = [
  'Celery',
  'Cereals containing gluten',
  'Crustaceans',
  'Eggs',
  'Fish',
  'Lupin',
  'Milk',
  'Molluscs',
  'Mustard',
  'Peanuts',
  'Sesame',
  'Soya',
  'Sulphur dioxide and sulphites',
  'Tree nuts',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** The words a description uses for each allergen, in the order the box lists them. */
const ALLERGEN_WORDS: readonly [Allergen, RegExp][] = [
  ['Peanuts', /\bpeanuts?\b/],
  ['Tree nuts', /\btree nuts?\b/],
  ['Sesame', /\bsesame\b/],
  ['Soya', /\bsoya?\b/],
  ['Milk', /\bmilk\b/],
  ['Eggs', /\beggs?\b/],
  ['Cereals containing gluten', /\b(?:gluten|wheat|barley|rye|oats)\b/],
  ['Mustard', /\bmustard\b/],
  ['Celery', /\bcelery\b/],
  ['Lupin', /\blupin\b/],
  ['Sulphur dioxide and sulphites', /\b(?:sulphites?|sulphur dioxide)\b/],
  ['Fish', /\bfish\b/],
  ['Crustaceans', /\bcrustaceans?\b/],
  ['Molluscs', /\bmolluscs?\b/],
];

/** The clause naming what may be present: after 'also handles' or 'may contain', up to the sentence's end. */
const PRECAUTION = /\b(?:also handles|may contain)\b([^.;!?]*)/gi;

export function mayContainAllergens(product: { description: string; allergens: readonly string[] }): Allergen[] {
  const clauses = [...product.description.matchAll(PRECAUTION)].map((match) => (match[1] ?? '').toLowerCase());
  if (clauses.length === 0) return [];
  return ALLERGEN_WORDS.filter(
    ([allergen, words]) => !product.allergens.includes(allergen) && clauses.some((clause) => words.test(clause)),
  ).map(([allergen]) => allergen);
}
