import { describe, expect, it } from 'vitest';
import { ratingLabel } from './ratings.ts';

describe('ratingLabel', () => {
  it('gives the spec’s labels: 5 Excellent, 4 Great, otherwise Tasty', () => {
    expect([5, 4, 3, 2, 1].map(ratingLabel)).toEqual(['Excellent', 'Great', 'Tasty', 'Tasty', 'Tasty']);
  });
});
