/**
 * An invitation to work in the shop (decision 097): GET /api/staff/accept/:token says who it is for (or why it cannot
 * be used), POST sets the new member's password with it. Neither sends a session's token.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiPaths } from '#shared/api-paths';
import { type StaffInvite, StaffInviteSchema } from '#shared/schemas/staff';
import type { MessageAnswer } from '#shared/schemas/user';
import { apiRequest } from '#web/lib/api-client.ts';

export async function getStaffInvite(token: string, signal?: AbortSignal): Promise<StaffInvite> {
  return StaffInviteSchema.parse(await apiRequest<unknown>(apiPaths.staff.accept(token), { signal, withToken: false }));
}

export function useStaffInvite(token: string) {
  return useQuery({
    queryKey: ['staff-invite', token],
    queryFn: ({ signal }) => getStaffInvite(token, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function acceptStaffInvite({ token, password }: { token: string; password: string }): Promise<MessageAnswer> {
  return apiRequest<MessageAnswer>(apiPaths.staff.accept(token), {
    method: 'POST',
    body: { password },
    withToken: false,
  });
}

export const useAcceptStaffInvite = () => useMutation({ mutationFn: acceptStaffInvite });
