/**
 * The owner's batches (an admin's bearer token; docs/api.md, Batches and recalls): a product's batches and receiving
 * one, a batch looked up by its code, and its recall. Lists are asked again after each change.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import {
  type Batch,
  BatchListSchema,
  BatchLookupSchema,
  BatchSchema,
  type ReceiveBatchBody,
  RecallAnswerSchema,
} from '#shared/schemas/batch';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKey } from './get-admin-list.ts';

export const BATCHES_LOAD_FAILED = 'We could not load the batches. Please try again.';
export const BATCH_SAVE_FAILED = 'We could not receive the batch. Please try again.';
export const BATCH_LOOKUP_FAILED = 'We could not look the batch up. Please try again.';
export const RECALL_FAILED = 'We could not recall the batch. Please try again.';

const productBatchesKey = (productId: string) => [...adminKey('batches'), productId] as const;
const batchKey = (code: string) => [...adminKey('batch'), code] as const;
/** Everything of the owner's: receiving or recalling changes stock, products and orders' lines alike. */
const everyAdminKey = adminKey('batches').slice(0, -1);

export function useProductBatches(productId: string) {
  return useQuery(
    queryOptions({
      queryKey: productBatchesKey(productId),
      queryFn: async ({ signal }) =>
        BatchListSchema.parse(await apiRequest<unknown>(adminApiPaths.productBatches(productId), { signal })),
      staleTime: 0,
    }),
  );
}

export function useReceiveBatch(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReceiveBatchBody): Promise<Batch> =>
      BatchSchema.parse(await apiRequest<unknown>(adminApiPaths.productBatches(productId), { method: 'POST', body })),
    // The weight's stock changes too: the product list is asked again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: everyAdminKey }),
  });
}

export function useBatchLookup(code: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: batchKey(code ?? ''),
      queryFn: async ({ signal }) =>
        BatchLookupSchema.parse(await apiRequest<unknown>(adminApiPaths.batch(code ?? ''), { signal })),
      enabled: code !== undefined && code !== '',
      staleTime: 0,
      retry: false,
    }),
  );
}

export function useRecallBatch(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: string) =>
      RecallAnswerSchema.parse(
        await apiRequest<unknown>(adminApiPaths.batchRecall(code), { method: 'POST', body: { message } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: everyAdminKey }),
  });
}
