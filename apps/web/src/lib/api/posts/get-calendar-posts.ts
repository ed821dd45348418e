import type { CalendarPosts, CalendarQuery } from '@fitpost/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { postKeys } from './keys';

/**
 * GET /api/posts/calendar?from&to: the member's posts scheduled in the range, slim. Read as the server
 * checked it (checkedByServer): the calendar's first screen loads no zod.
 */
function getCalendarPosts(range: CalendarQuery, signal?: AbortSignal): Promise<CalendarPosts> {
  return apiRequest('/api/posts/calendar', {
    query: { from: range.from, to: range.to },
    schema: checkedByServer<CalendarPosts>(),
    signal,
  });
}

/** The posts of the range on screen; the previous range's stay up while the next one loads. */
export function useCalendarPosts(range: CalendarQuery | null) {
  return useQuery({
    queryKey: range ? postKeys.calendar(range) : postKeys.calendars,
    queryFn: range ? ({ signal }) => getCalendarPosts(range, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}
