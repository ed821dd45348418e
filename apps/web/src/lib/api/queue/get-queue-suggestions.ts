import { queueSuggestions, type QueueSuggestions } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queueKeys } from './keys';

/** GET /api/queue/suggestions: the member's suggested weekly hours per network, and whose posts they come from. */
function getQueueSuggestions(signal?: AbortSignal): Promise<QueueSuggestions> {
  return apiRequest('/api/queue/suggestions', { schema: queueSuggestions, signal });
}

export function useQueueSuggestions() {
  return useQuery({ queryKey: queueKeys.suggestions, queryFn: ({ signal }) => getQueueSuggestions(signal) });
}
