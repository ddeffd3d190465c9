/**
 * The owner's reviews as the address bar keeps them (`?shown=&page=`), so a filtered page can be reloaded, shared and
 * gone back to, and what that asks the API for: 50 reviews a page.
 */
import type { AdminReviewsQuery } from './api/get-admin-reviews.ts';
import { PER_PAGE, pageOffset, readPage, writePage } from './list-page.ts';

/** Which reviews are listed: all of them, those the shop shows, or those it hides. */
export const REVIEWS_SHOWN = ['all', 'shown', 'hidden'] as const;
export type ReviewsShown = (typeof REVIEWS_SHOWN)[number];

export const SHOWN_LABELS: Record<ReviewsShown, string> = { all: 'All', shown: 'Shown', hidden: 'Hidden' };

export interface ReviewsFilter {
  shown: ReviewsShown;
  /** From 1. */
  page: number;
}

/** The address's `shown`; anything else (none, 'Hidden', 'yes') lists them all, as the screen opens. */
export function parseShown(value: string | null): ReviewsShown {
  return REVIEWS_SHOWN.find((shown) => shown === value) ?? 'all';
}

export function readReviewsFilter(params: URLSearchParams): ReviewsFilter {
  return { shown: parseShown(params.get('shown')), page: readPage(params) };
}

/** Only what differs from the first page of all reviews, so the plain list's address stays /admin/reviews. */
export function reviewsFilterParams({ shown, page }: ReviewsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (shown !== 'all') params.set('shown', shown);
  return writePage(params, page);
}

const HIDDEN: Record<ReviewsShown, boolean | undefined> = { all: undefined, shown: false, hidden: true };

export function reviewsQuery({ shown, page }: ReviewsFilter): AdminReviewsQuery {
  return { hidden: HIDDEN[shown], limit: PER_PAGE, offset: pageOffset(page) };
}

/** What an empty answer says, from the query it answers ('No hidden reviews.'). */
export function noReviews({ hidden }: Pick<AdminReviewsQuery, 'hidden'>): string {
  if (hidden === undefined) return 'No reviews yet.';
  return hidden ? 'No hidden reviews.' : 'No shown reviews.';
}
