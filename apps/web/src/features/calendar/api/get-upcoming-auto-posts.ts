import { memberAutoPostList, type MemberAutoPost } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarKeys } from './query-keys';

/**
 * GET /api/autoposts/upcoming: the portal's Auto-Posts not yet sent, with the member's accounts
 * each goes to, their choice and, for a Custom Post, their own post's id.
 */
export function getUpcomingAutoPosts(signal?: AbortSignal): Promise<MemberAutoPost[]> {
  return apiRequest('/api/autoposts/upcoming', { schema: memberAutoPostList, signal });
}

export function useUpcomingAutoPosts() {
  return useQuery({
    queryKey: calendarKeys.autoPosts,
    queryFn: ({ signal }) => getUpcomingAutoPosts(signal),
  });
}
