import { describe, expect, it } from 'vitest';
import { ingredientParts } from './ingredient-parts.ts';

const emphasised = (ingredients: string, allergens: Parameters<typeof ingredientParts>[1]) =>
  ingredientParts(ingredients, allergens)
    .filter((part) => part.allergen)
    .map((part) => part.text);

describe('ingredientParts', () => {
  it('marks the words that name a declared allergen, as a label puts them in bold', () => {
    expect(ingredientParts('Cashew nuts (99%), sea salt', ['Tree nuts'])).toEqual([
      { text: 'Cashew nuts', allergen: true },
      { text: ' (99%), sea salt', allergen: false },
    ]);
    expect(emphasised('Peanuts (82%), sugar, honey, sesame seeds', ['Peanuts', 'Sesame'])).toEqual([
      'Peanuts',
      'sesame seeds',
    ]);
    expect(emphasised('Apricots, preservative: sulphur dioxide', ['Sulphur dioxide and sulphites'])).toEqual([
      'sulphur dioxide',
    ]);
  });

  it('leaves plain what the product does not declare, and a word joined by a hyphen', () => {
    expect(emphasised('Pumpkin seeds, tamari (soya beans, salt), wheat-free', ['Soya'])).toEqual([
      'tamari',
      'soya beans',
    ]);
    expect(emphasised('Almonds, milk chocolate', [])).toEqual([]);
  });

  it('keeps the whole text, in order', () => {
    const text = 'Walnuts, almonds and hazelnuts';
    expect(
      ingredientParts(text, ['Tree nuts'])
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
    expect(ingredientParts('', ['Tree nuts'])).toEqual([]);
  });
});
