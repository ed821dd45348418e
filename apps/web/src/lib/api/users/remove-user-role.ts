import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './keys';

interface RoleRemoval {
  userId: string;
  roleId: number;
}

/** DELETE /api/user/{id}/role/{roleId}. */
function removeUserRole({ userId, roleId }: RoleRemoval): Promise<void> {
  return apiRequest(`/api/user/${encodeURIComponent(userId)}/role/${roleId}`, { method: 'DELETE' });
}

export function useRemoveUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
