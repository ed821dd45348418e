import { userProperties, type UserProperty } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './keys';
import { withUserCallError } from './user-call-error';

/** GET /api/user/{id}/properties: the user's name/value settings (e.g. timeZone). */
function getUserProperties(userId: string, signal?: AbortSignal): Promise<UserProperty[]> {
  return withUserCallError(
    apiRequest(`/api/user/${encodeURIComponent(userId)}/properties`, { schema: userProperties, signal }),
  );
}

export function useUserProperties(userId: string) {
  return useQuery({
    queryKey: userKeys.properties(userId),
    queryFn: ({ signal }) => getUserProperties(userId, signal),
  });
}
