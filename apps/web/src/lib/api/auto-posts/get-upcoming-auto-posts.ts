import type { CalendarQuery, MemberAutoPost } from '@fitpost/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { autoPostKeys } from './keys';

/**
 * GET /api/autoposts/upcoming[?from&to]: the portal's Auto-Posts not yet sent — the next ones, or
 * those in the period a calendar shows — with the member's accounts each goes to, their choice and,
 * for a Custom Post, their own post's id.
 */
function getUpcomingAutoPosts(
  range: CalendarQuery | undefined,
  signal?: AbortSignal,
): Promise<MemberAutoPost[]> {
  return apiRequest('/api/autoposts/upcoming', {
    query: range ? { from: range.from, to: range.to } : undefined,
    schema: checkedByServer<MemberAutoPost[]>(),
    signal,
  });
}

/**
 * The member's upcoming Auto-Posts: with no argument the next ones; with a range those in it (null:
 * the range is not known yet), the previous range's staying up while the next one loads.
 */
export function useUpcomingAutoPosts(range?: CalendarQuery | null) {
  return useQuery({
    queryKey: autoPostKeys.upcoming(range ?? undefined),
    queryFn: range === null ? skipToken : ({ signal }) => getUpcomingAutoPosts(range, signal),
    placeholderData: range ? keepPreviousData : undefined,
  });
}
