/**
 * /reviews: the reviews, newest first, a page at a time with 'Show more reviews', and '+ Add a Review'. A lazy chunk;
 * the list's request starts with it.
 */
import { useState } from 'react';
import { SHOP_NAME } from '#shared/constants';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { MoreReviews } from '#web/features/reviews/components/more-reviews.tsx';
import { loadedReviews, REVIEWS_FAILED, useReviews } from '#web/features/reviews/api/get-reviews.ts';
import { AddReviewButton } from '#web/features/reviews/components/add-review-button.tsx';
import { ReviewList } from '#web/features/reviews/components/review-list.tsx';
import { ReviewSummary } from '#web/features/reviews/components/review-summary.tsx';

export default function ReviewsRoute() {
  return (
    <PageContainer>
      <PageMeta
        title={`Customer Reviews | ${SHOP_NAME}`}
        description="What shoppers say about Roast & Co.’s roasted nuts, dry fruits and seeds: star ratings, photos and their own words."
      />
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <PageHeading description="What shoppers say about our nuts, dry fruits and seeds.">
          Customer Reviews
        </PageHeading>
        {/* Its margin keeps it clear of what follows when it wraps under the heading on a phone. */}
        <AddReviewButton className="mb-6" />
      </div>
      <AllReviews />
    </PageContainer>
  );
}

function AllReviews() {
  const query = useReviews();
  // The first review the last 'Show more reviews' added, which takes focus.
  const [focusAt, setFocusAt] = useState<number>();
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return <LoadError message={REVIEWS_FAILED} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const { reviews, total, average } = loadedReviews(query.data);
  return (
    <>
      <ReviewSummary average={average} count={total} className="mb-6" />
      <ReviewList reviews={reviews} focusAt={focusAt} />
      <MoreReviews query={query} shown={reviews.length} total={total} onLoaded={setFocusAt} />
    </>
  );
}
