/**
 * PATCH /api/admin/reviews/{id} `{ hidden }` (an admin's bearer token): hides a review from the shop or shows it
 * again. Every admin review list is asked again afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminReview, AdminReviewSchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKey } from './get-admin-list.ts';
import { REVIEWS_QUERY_KEY } from '#web/lib/shop-query-keys.ts';

export async function setReviewHidden(reviewId: string, hidden: boolean): Promise<AdminReview> {
  const answer = await apiRequest<unknown>(adminApiPaths.review(reviewId), { method: 'PATCH', body: { hidden } });
  return AdminReviewSchema.parse(answer);
}

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, hidden }: { reviewId: string; hidden: boolean }) => setReviewHidden(reviewId, hidden),
    onSettled: () => {
      // The shop's own pages in this tab show the change too, when next shown.
      void queryClient.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: adminKey('reviews') });
    },
  });
}
