/**
 * GET /api/reviews: the shown reviews, newest first, a page at a time, with their count and average (decision 106).
 * One infinite query for the home page's carousel (its first page) and /reviews ('Show more reviews'), and one per
 * product for its page (`?productId=`, decision 108), under the shop's key. Public data, so its key is not under the
 * customer's.
 */
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
// Types only: the zod schemas in this module never reach the browser through this file.
import type { Review, ReviewPage } from '#shared/schemas/review';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';
import { REVIEWS_QUERY_KEY } from '#web/lib/shop-query-keys.ts';

export const reviewsQueryKey = REVIEWS_QUERY_KEY;

/** One product's reviews: under the shop's key, so whatever asks the reviews again asks these too. */
export const productReviewsQueryKey = (productId: string) => [...REVIEWS_QUERY_KEY, 'product', productId] as const;

/** The API's default page (docs/api.md, Reviews), so the server's first page and the browser's are the same. */
export const REVIEWS_PAGE_SIZE = 20;

/** The text a failed load shows in place of the reviews. */
export const REVIEWS_FAILED = 'We couldn’t load the reviews just now. Please check your connection and try again.';

/** The pages loaded so far, as TanStack Query's infinite query holds them: `pageParams` are the offsets. */
export type ReviewPages = InfiniteData<ReviewPage, number>;

export function getReviews(offset: number, signal?: AbortSignal, productId?: string): Promise<ReviewPage> {
  const product = productId === undefined ? '' : `&productId=${encodeURIComponent(productId)}`;
  return apiRequest<ReviewPage>(`${apiPaths.reviews.list}?limit=${REVIEWS_PAGE_SIZE}&offset=${offset}${product}`, {
    signal,
    withToken: false,
  });
}

/** The shop's reviews, or with `productId` that product's. */
export const reviewsQueryOptions = (productId?: string) =>
  infiniteQueryOptions({
    queryKey: productId === undefined ? reviewsQueryKey : productReviewsQueryKey(productId),
    queryFn: ({ pageParam, signal }) => getReviews(pageParam, signal, productId),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const shown = pages.reduce((count, page) => count + page.items.length, 0);
      // An empty page means reviews went while the shopper read: nothing more to show.
      return lastPage.items.length > 0 && shown < lastPage.total ? shown : undefined;
    },
  });

/** The first page as the server renders it and as the browser's cache holds it. */
export const firstReviewPages = (page: ReviewPage): ReviewPages => ({ pages: [page], pageParams: [0] });

/** Every review loaded so far, once each (a review posted meanwhile shifts the pages), and the latest summary. */
export function loadedReviews(data: Pick<ReviewPages, 'pages'>): {
  reviews: Review[];
  total: number;
  average: number | null;
} {
  const seen = new Set<string>();
  const reviews = data.pages.flatMap((page) => page.items).filter(({ _id }) => !seen.has(_id) && seen.add(_id));
  const latest = data.pages[data.pages.length - 1];
  return { reviews, total: latest?.total ?? 0, average: latest?.average ?? null };
}

export function useReviews(productId?: string) {
  return useInfiniteQuery(reviewsQueryOptions(productId));
}
