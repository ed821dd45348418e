import { socialConnectionList, type SocialConnection } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { composerKeys } from './query-keys';

/** GET /api/social/connections: the accounts the member may post to (and those needing a reconnect). */
export function getConnections(signal?: AbortSignal): Promise<SocialConnection[]> {
  return apiRequest('/api/social/connections', { schema: socialConnectionList, signal });
}

export function useConnections() {
  return useQuery({
    queryKey: composerKeys.connections,
    queryFn: ({ signal }) => getConnections(signal),
  });
}
