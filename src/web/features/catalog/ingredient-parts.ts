/**
 * An ingredients list cut into plain and allergen parts, so the page can emphasise the allergens in it as UK food
 * labels must (FIR art. 21). Only the allergens the product declares are looked for, by the words labels use for
 * them ('cashew nuts' for tree nuts, 'sulphur dioxide' for sulphites), so 'wheat-free' in a product declaring no
 * gluten stays plain.
 */
import type { Allergen } from '#shared/allergens';

const WORDS: Record<Allergen, string> = {
  Celery: 'celery|celeriac',
  'Cereals containing gluten': 'wheat|barley|rye|oats?|spelt|kamut|gluten',
  Crustaceans: 'crustaceans?|prawns?|shrimps?|crabs?|lobsters?',
  Eggs: 'eggs?',
  Fish: 'fish|anchov(?:y|ies)',
  Lupin: 'lupin',
  Milk: 'milk|butter|cream|cheese|whey|yogh?urt|lactose',
  Molluscs: 'molluscs?|mussels?|oysters?|squid',
  Mustard: 'mustard',
  Peanuts: 'peanuts?|groundnuts?',
  Sesame: 'sesame(?: seeds?)?',
  Soya: 'soya?(?: beans?)?|tamari',
  'Sulphur dioxide and sulphites': 'sulphur dioxide|sulphites?|metabisulphite',
  'Tree nuts':
    'almonds?|cashews?(?: nuts?)?|walnuts?|hazelnuts?|pecans?(?: nuts?)?|pistachios?(?: nuts?)?|brazil nuts?|macadamias?(?: nuts?)?|tree nuts?',
};

export interface IngredientPart {
  text: string;
  allergen: boolean;
}

export function ingredientParts(ingredients: string, allergens: readonly Allergen[]): IngredientPart[] {
  if (allergens.length === 0) return ingredients ? [{ text: ingredients, allergen: false }] : [];
  const words = new RegExp(`\\b(?:${allergens.map((allergen) => WORDS[allergen]).join('|')})\\b`, 'gi');
  const parts: IngredientPart[] = [];
  let from = 0;
  for (const match of ingredients.matchAll(words)) {
    // A word joined by a hyphen ('wheat-free') is not the allergen.
    if (ingredients[match.index + match[0].length] === '-') continue;
    if (match.index > from) parts.push({ text: ingredients.slice(from, match.index), allergen: false });
    parts.push({ text: match[0], allergen: true });
    from = match.index + match[0].length;
  }
  if (from < ingredients.length) parts.push({ text: ingredients.slice(from), allergen: false });
  return parts;
}
