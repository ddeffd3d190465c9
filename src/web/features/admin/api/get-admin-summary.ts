/** GET /api/admin/summary (an admin's bearer token): the dashboard's figures; asked again on every visit. */
import { useQuery } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import { type AdminSummary, AdminSummarySchema } from '#shared/schemas/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKey } from './get-admin-list.ts';

export async function getAdminSummary(signal?: AbortSignal): Promise<AdminSummary> {
  return AdminSummarySchema.parse(await apiRequest<unknown>(adminApiPaths.summary, { signal }));
}

export function useAdminSummary() {
  return useQuery({
    // Under the orders' key too, so a moved order refreshes the count to dispatch.
    queryKey: [...adminKey('orders'), 'summary'],
    queryFn: ({ signal }) => getAdminSummary(signal),
    staleTime: 0,
  });
}
