import type { SocialConnection } from '@fitpost/contract';
import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { autoPostKeys } from '../auto-posts/keys';
import { connectionKeys } from './keys';

/** GET /api/social/connections: the member's connected accounts (and those needing a reconnect). */
function getConnections(signal?: AbortSignal): Promise<SocialConnection[]> {
  return apiRequest('/api/social/connections', { schema: checkedByServer<SocialConnection[]>(), signal });
}

export function useConnections({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: connectionKeys.list,
    queryFn: enabled ? ({ signal }) => getConnections(signal) : skipToken,
  });
}

/**
 * After an account is connected or disconnected: every view of the connections, and the Auto-Post
 * opt-in (which lists the same accounts), is asked again.
 */
export function invalidateConnections(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
    queryClient.invalidateQueries({ queryKey: autoPostKeys.settings }),
  ]).then(() => undefined);
}
