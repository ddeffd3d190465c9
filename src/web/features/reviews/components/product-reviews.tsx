/**
 * A product page's reviews (decision 108): their average and number, '+ Add a Review' for this product, the reviews
 * newest first a page at a time with 'Show more reviews', as /reviews shows the shop's. The server renders the first
 * page into the product's page.
 */
import { useId, useState } from 'react';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { MoreReviews } from './more-reviews.tsx';
import { loadedReviews, REVIEWS_FAILED, useReviews } from '../api/get-reviews.ts';
import { AddReviewButton } from './add-review-button.tsx';
import { ReviewList } from './review-list.tsx';
import { ReviewSummary } from './review-summary.tsx';
import { ReviewsSkeleton } from './reviews-skeleton.tsx';

export const PRODUCT_REVIEWS_HEADING = 'Customer Reviews';

export function ProductReviews({ product }: { product: { id: string; name: string } }) {
  const headingId = useId();
  return (
    <section id="reviews" aria-labelledby={headingId} className="mt-12 scroll-mt-24 border-t border-cream-200 pt-8">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <h2 id={headingId} className="text-2xl font-extrabold text-roast-900">
          {PRODUCT_REVIEWS_HEADING}
        </h2>
        <AddReviewButton product={product} className="mb-4" />
      </div>
      <ReviewsOf productId={product.id} />
    </section>
  );
}

function ReviewsOf({ productId }: { productId: string }) {
  const query = useReviews(productId);
  // The first review the last 'Show more reviews' added, which takes focus.
  const [focusAt, setFocusAt] = useState<number>();
  if (query.isPending) return <ReviewsSkeleton />;
  if (query.isError) {
    return <LoadError message={REVIEWS_FAILED} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const { reviews, total, average } = loadedReviews(query.data);
  return (
    <>
      <ReviewSummary average={average} count={total} className="mb-6" />
      <ReviewList reviews={reviews} focusAt={focusAt} headingLevel={3} />
      <MoreReviews query={query} shown={reviews.length} total={total} onLoaded={setFocusAt} />
    </>
  );
}
