import type { RoleAssignmentCreate } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './keys';

/** POST /api/user/{id}/role with userId, roleId, startDate, expiryDate. */
function addUserRole(assignment: RoleAssignmentCreate): Promise<void> {
  return apiRequest(`/api/user/${encodeURIComponent(assignment.userId)}/role`, {
    method: 'POST',
    body: assignment,
  });
}

export function useAddUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserRole,
    // Roles decide access and admin rights, which the list shows too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
