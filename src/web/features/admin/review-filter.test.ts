import { describe, expect, it } from 'vitest';
import { noReviews, readReviewsFilter, reviewsFilterParams, reviewsQuery } from './review-filter.ts';

const read = (search: string) => readReviewsFilter(new URLSearchParams(search));

describe('the reviews in the address bar', () => {
  it('reads which reviews and a page', () => {
    expect(read('shown=hidden&page=2')).toEqual({ shown: 'hidden', page: 2 });
    expect(read('shown=shown')).toEqual({ shown: 'shown', page: 1 });
  });

  it('reads what is not a filter as all of them, from the first page', () => {
    for (const search of ['', 'shown=all', 'shown=Hidden', 'shown=yes', 'shown=', 'page=0', 'page=-1', 'page=two']) {
      expect(read(search), search).toEqual({ shown: 'all', page: 1 });
    }
  });

  it('writes only what differs from the first page of all reviews', () => {
    expect(reviewsFilterParams({ shown: 'all', page: 1 }).toString()).toBe('');
    expect(reviewsFilterParams({ shown: 'hidden', page: 1 }).toString()).toBe('shown=hidden');
    expect(reviewsFilterParams({ shown: 'all', page: 3 }).toString()).toBe('page=3');
    expect(reviewsFilterParams({ shown: 'shown', page: 2 }).toString()).toBe('shown=shown&page=2');
  });

  it('reads back what it writes', () => {
    for (const filter of [
      { shown: 'all', page: 1 },
      { shown: 'hidden', page: 4 },
      { shown: 'shown', page: 1 },
    ] as const) {
      expect(readReviewsFilter(reviewsFilterParams(filter))).toEqual(filter);
    }
  });

  it('asks the API for 50 reviews a page, hidden or shown ones only when told', () => {
    expect(reviewsQuery({ shown: 'all', page: 1 })).toEqual({ hidden: undefined, limit: 50, offset: 0 });
    expect(reviewsQuery({ shown: 'hidden', page: 2 })).toEqual({ hidden: true, limit: 50, offset: 50 });
    expect(reviewsQuery({ shown: 'shown', page: 3 })).toEqual({ hidden: false, limit: 50, offset: 100 });
  });
});

describe('noReviews', () => {
  it('says which reviews there are none of, from the query answered', () => {
    expect(noReviews(reviewsQuery({ shown: 'all', page: 1 }))).toBe('No reviews yet.');
    expect(noReviews(reviewsQuery({ shown: 'hidden', page: 1 }))).toBe('No hidden reviews.');
    expect(noReviews(reviewsQuery({ shown: 'shown', page: 1 }))).toBe('No shown reviews.');
  });
});
