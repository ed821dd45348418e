import { memberAutoPostList, type MemberAutoPost } from '@fitpost/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarKeys, type CalendarRange } from './query-keys';

/**
 * GET /api/autoposts/upcoming?from&to: the portal's Auto-Posts not yet sent in the period the
 * calendar shows, with the member's accounts each goes to, their choice and, for a Custom Post,
 * their own post's id.
 */
export function getUpcomingAutoPosts(range: CalendarRange, signal?: AbortSignal): Promise<MemberAutoPost[]> {
  return apiRequest('/api/autoposts/upcoming', {
    query: { from: range.from, to: range.to },
    schema: memberAutoPostList,
    signal,
  });
}

export function useUpcomingAutoPosts(range: CalendarRange | null) {
  return useQuery({
    queryKey: range ? calendarKeys.autoPostRange(range) : calendarKeys.autoPosts,
    queryFn: range ? ({ signal }) => getUpcomingAutoPosts(range, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}
