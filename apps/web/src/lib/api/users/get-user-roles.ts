import { roleAssignment, type RoleAssignment } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './keys';
import { withUserCallError } from './user-call-error';

const roleAssignments = roleAssignment.array();

/** GET /api/user/{id}/roles: the user's role assignments, past and present. */
function getUserRoles(userId: string, signal?: AbortSignal): Promise<RoleAssignment[]> {
  return withUserCallError(
    apiRequest(`/api/user/${encodeURIComponent(userId)}/roles`, { schema: roleAssignments, signal }),
  );
}

export function useUserRoles(userId: string) {
  return useQuery({
    queryKey: userKeys.roles(userId),
    queryFn: ({ signal }) => getUserRoles(userId, signal),
  });
}
