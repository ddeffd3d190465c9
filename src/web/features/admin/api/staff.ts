/**
 * GET and POST /api/admin/staff, DELETE /api/admin/staff/{id} (the owner's bearer token; decision 097): who works in
 * /admin, inviting someone by e-mail, and removing a member or withdrawing an invitation.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import {
  type InviteStaffBody,
  type StaffList,
  StaffListSchema,
  type StaffMember,
  StaffMemberSchema,
} from '#shared/schemas/staff';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKey } from './get-admin-list.ts';

export const STAFF_FAILED = 'We could not load the staff. Please try again.';
const staffKey = adminKey('staff');

export async function getStaff(signal?: AbortSignal): Promise<StaffList> {
  return StaffListSchema.parse(await apiRequest<unknown>(adminApiPaths.staff, { signal }));
}

export const useStaff = () =>
  useQuery(queryOptions({ queryKey: staffKey, queryFn: ({ signal }) => getStaff(signal), staleTime: 0 }));

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: InviteStaffBody): Promise<StaffMember> =>
      StaffMemberSchema.parse(await apiRequest<unknown>(adminApiPaths.staff, { method: 'POST', body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: string) => apiRequest<unknown>(adminApiPaths.staffMember(staffId), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
