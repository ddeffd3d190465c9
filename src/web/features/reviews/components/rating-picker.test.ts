import { describe, expect, it } from 'vitest';
import { chosenRating, starLabel } from './rating-picker.tsx';
import { ratingText } from './star-rating.tsx';

describe('the star picker’s words and values', () => {
  it('labels each star as a screen reader reads it', () => {
    expect([1, 2, 3, 4, 5].map(starLabel)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
  });

  it('reads the chosen radio’s value, and nothing before a star is chosen', () => {
    expect(chosenRating('4')).toBe(4);
    expect(chosenRating(1)).toBe(1);
    for (const value of ['', undefined, null, '0', '6', '2.5', 'x']) expect(chosenRating(value)).toBeUndefined();
  });

  it('says what a card’s stars show', () => {
    expect(ratingText(4)).toBe('Rated 4 out of 5');
  });
});
