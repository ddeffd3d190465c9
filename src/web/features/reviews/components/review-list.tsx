/**
 * Reviews as a list of cards, newest first, each as tall as its words, or the shop's 'No reviews available'.
 * `focusAt` names the first review a 'Show more reviews' added: it takes focus, so keyboard and screen-reader users
 * read on from there.
 */
import { useEffect, useRef } from 'react';
import type { Review } from '#shared/schemas/review';
import { ReviewCard } from './review-card.tsx';
import { NO_REVIEWS_TEXT } from './review-texts.ts';

export function ReviewList({
  reviews,
  focusAt,
  headingLevel = 2,
}: {
  reviews: Review[];
  focusAt?: number | undefined;
  /** 2 under the page's title; 3 under a section's heading (a product's reviews). */
  headingLevel?: 2 | 3;
}) {
  const focusTarget = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focusAt !== undefined) focusTarget.current?.focus();
  }, [focusAt]);

  if (reviews.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-8 text-center text-lg text-stone-700 shadow-sm ring-1 ring-cream-200">
        {NO_REVIEWS_TEXT}
      </p>
    );
  }
  return (
    <ul role="list" aria-label="Reviews, newest first" className="grid items-start gap-5 md:grid-cols-2 lg:grid-cols-3">
      {reviews.map((review, index) => (
        <li
          key={review._id}
          className="flex rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-roast-700"
          {...(index === focusAt ? { ref: focusTarget, tabIndex: -1 } : {})}
        >
          <ReviewCard review={review} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
