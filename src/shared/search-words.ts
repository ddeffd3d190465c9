/**
 * The words of the storefront's search as it compares them: text without case or accents, plurals brought to their
 * singular by plain English rules, the allergens' legal names beside the words shoppers use for them, and the words
 * of the catalog one typo away from a word searched.
 */
import damerauLevenshtein from 'damerau-levenshtein';
import type { Allergen } from './allergens.ts';

export function normalise(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A normalised text's words: runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * A word's singular by the rules most English plurals follow ('cherries' cherry, 'peaches' peach, 'walnuts' walnut),
 * leaving words that only look plural ('hummus', 'glass', 'molasses'). Applied alike to the catalog's words and the
 * shopper's, so an odd result on both sides still matches.
 */
export function singular(word: string): string {
  if (word.length <= 3 || !word.endsWith('s') || /(?:ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x|z|o)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/**
 * Besides its legal name, the words a label or a shopper uses for each of the 14 allergens: a product that declares
 * one is found by any of them ('sulphite', 'sulfite', 'SO2' find what contains sulphur dioxide), and one whose
 * ingredients use one of them is found by the legal name ('gluten' finds what lists oats).
 */
const ALLERGEN_WORDS: Record<Allergen, readonly string[]> = {
  Celery: ['celery', 'celeriac'],
  'Cereals containing gluten': ['gluten', 'wheat', 'barley', 'rye', 'oats', 'oat', 'spelt', 'kamut'],
  Crustaceans: ['crustacean', 'shellfish', 'prawn', 'shrimp', 'crab', 'lobster'],
  Eggs: ['egg'],
  Fish: ['fish', 'anchovy'],
  Lupin: ['lupin', 'lupine'],
  Milk: ['milk', 'dairy', 'lactose', 'whey', 'casein'],
  Molluscs: ['mollusc', 'shellfish', 'mussel', 'oyster', 'squid', 'clam'],
  Mustard: ['mustard'],
  Peanuts: ['peanut', 'groundnut', 'arachis'],
  Sesame: ['sesame', 'tahini'],
  Soya: ['soya', 'soy', 'soybean', 'tamari', 'edamame', 'tofu'],
  'Sulphur dioxide and sulphites': ['sulphite', 'sulfite', 'sulphur dioxide', 'sulfur dioxide', 'so2', 'e220'],
  'Tree nuts': ['tree nut'],
};

/** The allergen words a product is found by: those of what it declares, and of what its ingredients name. */
export function allergenTerms(declared: readonly Allergen[], ingredients: string): string {
  const ingredientWords = new Set(wordsOf(ingredients).map(singular));
  const terms: string[] = [];
  for (const [allergen, words] of Object.entries(ALLERGEN_WORDS) as [Allergen, readonly string[]][]) {
    const named = words.some((word) => !word.includes(' ') && ingredientWords.has(singular(word)));
    if (declared.includes(allergen) || named) terms.push(normalise(allergen), ...words);
  }
  return terms.join(' ');
}

/** The shortest word a typo is forgiven in: in a shorter one, one letter changed is often another word. */
export const TYPO_MIN_LENGTH = 5;

/** Whether `word` is letters only: numbers (a product's 'No. 123') are matched exactly or not at all. */
const isLetters = (word: string) => /^\p{L}+$/u.test(word);

/** At most one typo apart: a letter added, left out, changed, or two neighbours swapped ('almnods', 'almonds'). */
function oneTypoApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  return damerauLevenshtein(a, b).steps <= 1;
}

/**
 * The catalog's words (of `vocabulary`) one typo from `word` (five letters or more), whole or by their start:
 * 'almnods' almonds, 'cashw' cashews (as 'cashew' starts). The word itself is never among them.
 */
export function nearWords(word: string, vocabulary: Iterable<string>): string[] {
  if (word.length < TYPO_MIN_LENGTH || !isLetters(word)) return [];
  const near: string[] = [];
  // Many words share a start ('almonds', 'almond', 'almondy'): each start is compared once.
  const startsSeen = new Map<string, boolean>();
  const startIsNear = (start: string) => {
    let found = startsSeen.get(start);
    if (found === undefined) {
      found = start.length >= TYPO_MIN_LENGTH - 1 && oneTypoApart(word, start);
      startsSeen.set(start, found);
    }
    return found;
  };
  for (const candidate of vocabulary) {
    if (candidate === word || candidate.length < word.length - 1 || !isLetters(candidate)) continue;
    // The start as long as the word, one longer (a letter left out) and one shorter (one added).
    const lengths = [word.length, word.length + 1, word.length - 1].filter((length) => length <= candidate.length);
    if (lengths.some((length) => startIsNear(candidate.slice(0, length)))) near.push(candidate);
  }
  return near;
}
