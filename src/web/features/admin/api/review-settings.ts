/**
 * GET and PUT /api/admin/review-settings (the owner's bearer token): whether a new review waits for approval before
 * the shop shows it (decision 106); a save answers what the server kept, which becomes the screen's data at once.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import type { ReviewSettings } from '#shared/schemas/review';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKey } from './get-admin-list.ts';

export const REVIEW_SETTINGS_FAILED = 'We could not change review approval. Please try again.';

export const adminReviewSettingsKey = adminKey('review-settings');

export const adminReviewSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminReviewSettingsKey,
    queryFn: ({ signal }) => apiRequest<ReviewSettings>(adminApiPaths.reviewSettings, { signal }),
    staleTime: 0,
  });

export function useReviewSettings(enabled: boolean) {
  return useQuery({ ...adminReviewSettingsQueryOptions(), enabled });
}

export function useSaveReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewSettings) =>
      apiRequest<ReviewSettings>(adminApiPaths.reviewSettings, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(adminReviewSettingsKey, saved),
  });
}
