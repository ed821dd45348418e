import { userSummary, type UserSummary } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './keys';
import { withUserCallError } from './user-call-error';

/** GET /api/user/{id}: one user of the portal. */
function getUser(userId: string, signal?: AbortSignal): Promise<UserSummary> {
  return withUserCallError(
    apiRequest(`/api/user/${encodeURIComponent(userId)}`, { schema: userSummary, signal }),
  );
}

export function useUser(userId: string) {
  return useQuery({ queryKey: userKeys.detail(userId), queryFn: ({ signal }) => getUser(userId, signal) });
}
