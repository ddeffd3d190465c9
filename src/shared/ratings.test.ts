import { describe, expect, it } from 'vitest';
import { ratingLabel, ratingSummary } from './ratings.ts';

describe('ratingLabel', () => {
  it('gives the shop’s labels: 5 Excellent, 4 Great, otherwise Tasty', () => {
    expect([5, 4, 3, 2, 1].map(ratingLabel)).toEqual(['Excellent', 'Great', 'Tasty', 'Tasty', 'Tasty']);
  });
});

describe('ratingSummary', () => {
  it('averages to one decimal and counts; nothing for no reviews', () => {
    expect(ratingSummary([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toEqual({ average: '4.3', count: 3 });
    expect(ratingSummary([{ rating: 5 }])).toEqual({ average: '5.0', count: 1 });
    expect(ratingSummary([])).toBeNull();
  });
});
