import { calendarPosts, type CalendarPosts, type CalendarQuery } from '@fitpost/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postKeys } from './keys';

/** GET /api/posts/calendar?from&to: the member's posts scheduled in the range, slim. */
function getCalendarPosts(range: CalendarQuery, signal?: AbortSignal): Promise<CalendarPosts> {
  return apiRequest('/api/posts/calendar', {
    query: { from: range.from, to: range.to },
    schema: calendarPosts,
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
