import { memberAutoPostList, type MemberAutoPost } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './query-keys';

/** GET /api/autoposts/upcoming: the Auto-Posts this member will receive, on which accounts, with their choice. */
export function getUpcomingAutoPosts(signal?: AbortSignal): Promise<MemberAutoPost[]> {
  return apiRequest('/api/autoposts/upcoming', { schema: memberAutoPostList, signal });
}

export function useUpcomingAutoPosts() {
  return useQuery({ queryKey: autoPostKeys.upcoming, queryFn: ({ signal }) => getUpcomingAutoPosts(signal) });
}
