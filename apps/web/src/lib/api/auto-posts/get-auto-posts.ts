import { autoPostList, type AutoPost } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './keys';

/** GET /api/autoposts?from: the portal's Auto-Posts scheduled at or after `from`, soonest first (admins). */
function getAutoPosts(from: string, signal?: AbortSignal): Promise<AutoPost[]> {
  return apiRequest('/api/autoposts', { query: { from }, schema: autoPostList, signal });
}

const busyCheckMs = 5000;
const idleCheckMs = 60_000;

/**
 * When the list asks again: every 5 s while one of them publishes (or is due), else when the next
 * one is due (at most a minute away), so statuses change on screen as Auto-Posts start.
 */
export function nextListCheckMs(list: AutoPost[] | undefined, now = Date.now()): number | false {
  let next: number | false = false;
  for (const item of list ?? []) {
    if (item.status === 'fanning_out') return busyCheckMs;
    if (item.status !== 'scheduled') continue;
    const due = Math.min(Math.max(Date.parse(item.scheduledAt) - now, busyCheckMs), idleCheckMs);
    next = next === false ? due : Math.min(next, due);
  }
  return next;
}

export function useAutoPosts(from: string) {
  return useQuery({
    queryKey: autoPostKeys.list(from),
    queryFn: ({ signal }) => getAutoPosts(from, signal),
    refetchInterval: (query) => nextListCheckMs(query.state.data),
  });
}
