import { role, type Role } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './keys';

const roles = role.array();

/** GET /api/role: every role that can be assigned. */
function getRoles(signal?: AbortSignal): Promise<Role[]> {
  return apiRequest('/api/role', { schema: roles, signal });
}

export function useRoles() {
  return useQuery({
    queryKey: userKeys.roleCatalogue,
    queryFn: ({ signal }) => getRoles(signal),
    staleTime: 5 * 60_000,
  });
}
