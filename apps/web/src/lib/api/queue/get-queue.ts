import type { QueueSummary } from '@fitpost/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { queueKeys } from './keys';

/** GET /api/queue: the member's next free slot and the accounts they usually post to. */
export function getQueue(signal?: AbortSignal): Promise<QueueSummary> {
  return apiRequest('/api/queue', { schema: checkedByServer<QueueSummary>(), signal });
}

export function useQueue(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queueKeys.summary,
    queryFn: ({ signal }) => getQueue(signal),
    enabled: options.enabled ?? true,
  });
}

/** After a post or the queue's slots changed: the next free slot is asked again. */
export function invalidateQueue(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queueKeys.all });
}
