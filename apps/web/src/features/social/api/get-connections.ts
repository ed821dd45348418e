import { socialConnectionList, type SocialConnection } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { socialKeys } from './query-keys';

/** GET /api/social/connections: the signed-in member's connected accounts. */
export function getConnections(signal?: AbortSignal): Promise<SocialConnection[]> {
  return apiRequest('/api/social/connections', { schema: socialConnectionList, signal });
}

export function useConnections() {
  return useQuery({
    queryKey: socialKeys.connections,
    queryFn: ({ signal }) => getConnections(signal),
  });
}
