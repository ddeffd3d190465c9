/**
 * The home page's review carousel: the newest reviews (a page of them), 3 cards per view, 1 under 768px, with the loading, failed and
 * empty states in the same fixed height. Its own chunk, fetched with the reviews after the page's first content.
 */
import { Carousel } from '#web/components/ui/carousel.tsx';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { loadedReviews, REVIEWS_FAILED, useReviews } from '../api/get-reviews.ts';
import { ReviewCard } from './review-card.tsx';
import { ReviewSummary } from './review-summary.tsx';
import { NO_REVIEWS_TEXT } from './review-texts.ts';
import { REVIEW_SLIDE_HEIGHT, ReviewsSkeleton } from './reviews-skeleton.tsx';

const CAROUSEL_OPTIONS = { align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps' } as const;

export function ReviewCarousel({ label }: { label: string }) {
  const reviews = useReviews();

  if (reviews.isPending) return <ReviewsSkeleton />;
  if (reviews.isError) {
    return <LoadError message={REVIEWS_FAILED} onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />;
  }
  const { reviews: shown, total, average } = loadedReviews(reviews.data);
  if (shown.length === 0) {
    return (
      <p className="flex h-full items-center justify-center rounded-2xl bg-white text-stone-600 ring-1 ring-cream-200">
        {NO_REVIEWS_TEXT}
      </p>
    );
  }
  return (
    <div className="flex h-full flex-col gap-4">
      <ReviewSummary average={average} count={total} className="h-7" />
      <Carousel
        label={label}
        // On a phone the arrows sit over the card's edges: room kept beside the card so they never cover its date.
        className="max-md:px-7"
        options={CAROUSEL_OPTIONS}
        slideClassName={`flex basis-full md:basis-1/3 ${REVIEW_SLIDE_HEIGHT}`}
        slides={shown.map((review) => ({
          key: review._id,
          content: <ReviewCard review={review} compact />,
        }))}
      />
    </div>
  );
}
