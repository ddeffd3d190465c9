/**
 * GET /api/admin/reviews (an admin's bearer token): one page of reviews, hidden ones too, newest first, held under
 * the logged-in account's query key so it goes with them at logout.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminReview, AdminReviewListSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { customerQueryKey } from '#web/lib/session.ts';
import type { ListPage } from '../list-page.ts';

export const ADMIN_REVIEWS_FAILED = 'We could not load the reviews. Please try again.';

/** Every admin review list's key starts here, so a change refreshes them all. */
export const adminReviewsKey = [...customerQueryKey, 'admin', 'reviews'] as const;

export interface AdminReviewsQuery {
  /** `true`: hidden ones only; `false`: shown ones only; none: all. */
  hidden?: boolean | undefined;
  limit: number;
  offset: number;
}

export type AdminReviewPage = ListPage<AdminReview, AdminReviewsQuery>;

/** One page of reviews, with the query it answers. */
export async function getAdminReviews(query: AdminReviewsQuery, signal?: AbortSignal): Promise<AdminReviewPage> {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.hidden !== undefined) params.set('hidden', String(query.hidden));
  const answer = await apiRequest<unknown>(`${adminApiPaths.reviews}?${params.toString()}`, { signal });
  return { ...AdminReviewListSchema.parse(answer), query };
}

export function useAdminReviews(query: AdminReviewsQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...adminReviewsKey, query],
      queryFn: ({ signal }) => getAdminReviews(query, signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
}
