/**
 * What our one London kitchen handles besides each product's own ingredients, written once: the Terms, every
 * product's 'may contain', the FAQ and the owner's product form all say it from here (decision 114).
 */
import type { Allergen } from '#shared/allergens';

/** The allergens the kitchen roasts and packs every day, in the order labels name them. */
export const KITCHEN_ALLERGENS = ['Peanuts', 'Tree nuts', 'Sesame'] as const satisfies readonly Allergen[];

/** 'peanuts, tree nuts and sesame', as a sentence names them. */
export const KITCHEN_ALLERGEN_WORDS = KITCHEN_ALLERGENS.map((allergen) => allergen.toLowerCase())
  .join(', ')
  .replace(/, ([^,]*)$/, ' and $1');

/** The kitchen statement a label and the Terms carry. */
export const KITCHEN_STATEMENT = `Packed in our London kitchen, which also handles ${KITCHEN_ALLERGEN_WORDS}.`;

/**
 * A product's 'may contain' with the kitchen's allergens it does not contain added after the owner's own: nothing
 * packed here can promise to be free of what the kitchen handles. The owner's order is kept, then the kitchen's.
 */
export function withKitchenAllergens(product: {
  allergens: readonly string[];
  mayContain: readonly Allergen[];
}): Allergen[] {
  const added = KITCHEN_ALLERGENS.filter(
    (allergen) => !product.allergens.includes(allergen) && !product.mayContain.includes(allergen),
  );
  return [...product.mayContain, ...added];
}
