/**
 * The owner's promotion codes (an admin's bearer token): GET /api/admin/promotions, POST a new one, PATCH one
 * `{ active }`. The list is asked again after each change.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import {
  type CreatePromotionInput,
  type Promotion,
  PromotionListSchema,
  PromotionSchema,
} from '#shared/schemas/promotion';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKey } from './get-admin-list.ts';

export const PROMOTIONS_LOAD_FAILED = 'We could not load the promotions. Please try again.';
export const PROMOTION_SAVE_FAILED = 'We could not save the promotion. Please try again.';

export const adminPromotionsKey = adminKey('promotions');

export const adminPromotionsQueryOptions = () =>
  queryOptions({
    queryKey: adminPromotionsKey,
    queryFn: async ({ signal }) =>
      PromotionListSchema.parse(await apiRequest<unknown>(adminApiPaths.promotions, { signal })),
    staleTime: 0,
  });

export function useAdminPromotions() {
  return useQuery(adminPromotionsQueryOptions());
}

export function useCreatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreatePromotionInput): Promise<Promotion> =>
      PromotionSchema.parse(await apiRequest<unknown>(adminApiPaths.promotions, { method: 'POST', body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPromotionsKey }),
  });
}

export function useSetPromotionActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, active }: { id: string; active: boolean }): Promise<Promotion> =>
      PromotionSchema.parse(
        await apiRequest<unknown>(adminApiPaths.promotion(id), { method: 'PATCH', body: { active } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPromotionsKey }),
  });
}
