/**
 * DELETE /api/admin/reviews/{id} (an admin's bearer token): deletes a review and its photo for good (204). Every
 * admin review list is asked again afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKey } from './get-admin-list.ts';
import { REVIEWS_QUERY_KEY } from '#web/lib/shop-query-keys.ts';

export async function deleteAdminReview(reviewId: string): Promise<void> {
  await apiRequest<undefined>(adminApiPaths.review(reviewId), { method: 'DELETE' });
}

export function useDeleteAdminReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: string) => deleteAdminReview(reviewId),
    onSettled: () => {
      // The shop's own pages in this tab show the change too, when next shown.
      void queryClient.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: adminKey('reviews') });
    },
  });
}
