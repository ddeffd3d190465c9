/**
 * One review: who wrote it and where from, the 'Verified customer' badge, their photo, the stars and the shop's
 * label for the rating, the date it was written, and the message. The card is as tall as what it holds. Everything the shopper wrote is rendered as text, never as markup.
 */
import { BadgeCheck } from 'lucide-react';
import { clsx } from 'clsx';
import { ratingLabel } from '#shared/ratings';
// Types only: no zod reaches the browser through this file.
import type { Review } from '#shared/schemas/review';
import { formatReviewDate } from './review-date.ts';
import { StarRating } from './star-rating.tsx';

interface ReviewCardProps {
  review: Review;
  /** h3 under a section heading (the home page), h2 under a page title (/reviews). */
  headingLevel?: 2 | 3;
  /** For the carousel: the card sits in a slide of fixed height and the message is cut after a few lines. */
  compact?: boolean;
}

/** The photo's square on the card, in CSS pixels (the server keeps it at most 800 px wide). */
const PHOTO_SIZE = { compact: 64, full: 112 } as const;

export function ReviewCard({ review, headingLevel = 3, compact = false }: ReviewCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const photoSize = compact ? PHOTO_SIZE.compact : PHOTO_SIZE.full;

  return (
    <article
      className={clsx(
        'flex w-full flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200',
        compact && 'max-h-full self-start overflow-hidden',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading className={clsx('text-base font-bold text-roast-900', compact ? 'truncate' : 'break-words')}>
            {review.name}
          </Heading>
          {review.location && (
            <p className={clsx('text-sm text-stone-600', compact ? 'truncate' : 'break-words')}>{review.location}</p>
          )}
          {review.verified && (
            <p className="mt-1.5 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-200">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              Verified customer
            </p>
          )}
        </div>
        {review.image && (
          <img
            src={review.image}
            alt={`Shared by ${review.name}`}
            width={photoSize}
            height={photoSize}
            loading="lazy"
            decoding="async"
            className={clsx('shrink-0 rounded-lg bg-cream-100 object-cover', compact ? 'size-16' : 'size-28')}
          />
        )}
      </div>

      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <StarRating rating={review.rating} />
        <span className="font-bold text-roast-800">{ratingLabel(review.rating)}</span>
        <time dateTime={review.createdAt} className="text-sm text-stone-600">
          {formatReviewDate(review.createdAt)}
        </time>
      </p>

      <p className={clsx('break-words whitespace-pre-line text-stone-700', compact && 'line-clamp-4')}>
        {review.message}
      </p>
    </article>
  );
}
