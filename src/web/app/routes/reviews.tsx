/** /reviews: every review, newest first, with '+ Add a Review'. A lazy chunk; the list's request starts with it. */
import { SHOP_NAME } from '#shared/constants';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { REVIEWS_FAILED, useReviews } from '#web/features/reviews/api/get-reviews.ts';
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
  const reviews = useReviews();
  if (reviews.isPending) return <PageLoading />;
  if (reviews.isError) {
    return <LoadError message={REVIEWS_FAILED} onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />;
  }
  return (
    <>
      <ReviewSummary reviews={reviews.data} className="mb-6" />
      <ReviewList reviews={reviews.data} />
    </>
  );
}
