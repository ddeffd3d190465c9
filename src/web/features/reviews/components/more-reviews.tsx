/**
 * 'Show more reviews' under a list of reviews (the shop's or a product's): asks for the next page and, once it has
 * come, tells the list where the new reviews start so focus can move to the first of them.
 */
import { ShowMore } from '#web/components/ui/show-more.tsx';
import type { useReviews } from '../api/get-reviews.ts';

export function MoreReviews({
  query,
  shown,
  total,
  onLoaded,
}: {
  query: ReturnType<typeof useReviews>;
  shown: number;
  total: number;
  /** Called with the index of the first newly loaded review. */
  onLoaded: (firstNew: number) => void;
}) {
  if (!query.hasNextPage) return null;
  return (
    <ShowMore
      noun="reviews"
      shown={shown}
      total={total}
      loading={query.isFetchingNextPage}
      failed={query.isFetchNextPageError}
      onMore={() => {
        void query.fetchNextPage().then((result) => {
          if (!result.isError) onLoaded(shown);
        });
      }}
    />
  );
}
