/** GET /api/reviews: every review, newest first. Public data, so its key is not under the customer's. */
import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: the zod schemas in this module never reach the browser through this file.
import type { Review } from '#shared/schemas/review';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';
import { REVIEWS_QUERY_KEY } from '#web/lib/shop-query-keys.ts';

export const reviewsQueryKey = REVIEWS_QUERY_KEY;

/** The text a failed load shows in place of the reviews. */
export const REVIEWS_FAILED = 'We couldn’t load the reviews just now. Please check your connection and try again.';

export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return apiRequest<Review[]>(apiPaths.reviews.list, { signal, withToken: false });
}

export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: reviewsQueryKey,
    queryFn: ({ signal }) => getReviews(signal),
  });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
