import { autoPostList, type AutoPost } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './query-keys';

/** GET /api/autoposts?from: the portal's Auto-Posts scheduled at or after `from`, soonest first (admins). */
export function getAutoPosts(from: string, signal?: AbortSignal): Promise<AutoPost[]> {
  return apiRequest('/api/autoposts', { query: { from }, schema: autoPostList, signal });
}

/** True while one of them is publishing or due: the list then refreshes itself. */
function isBusy(list: AutoPost[] | undefined): boolean {
  const now = Date.now();
  return (list ?? []).some(
    (item) =>
      item.status === 'fanning_out' || (item.status === 'scheduled' && Date.parse(item.scheduledAt) <= now),
  );
}

export function useAutoPosts(from: string) {
  return useQuery({
    queryKey: autoPostKeys.list(from),
    queryFn: ({ signal }) => getAutoPosts(from, signal),
    refetchInterval: (query) => (isBusy(query.state.data) ? 5000 : false),
  });
}
