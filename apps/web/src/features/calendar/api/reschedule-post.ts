import { scheduledPost, type CalendarPosts, type ScheduledPost } from '@fitpost/contract';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarKeys } from './query-keys';

export interface RescheduleInput {
  postId: string;
  /** The new instant, ISO 8601. */
  scheduledAt: string;
}

/** POST /api/posts/{id}/reschedule: moves the post's unsent accounts to a new time. */
export function reschedulePost(input: RescheduleInput): Promise<ScheduledPost> {
  return apiRequest(`/api/posts/${encodeURIComponent(input.postId)}/reschedule`, {
    method: 'POST',
    body: { scheduledAt: input.scheduledAt },
    schema: scheduledPost,
  });
}

function moved(page: CalendarPosts | undefined, input: RescheduleInput): CalendarPosts | undefined {
  if (!page) return page;
  return {
    ...page,
    items: page.items.map((post) =>
      post.id === input.postId ? { ...post, scheduledAt: input.scheduledAt } : post,
    ),
  };
}

/**
 * Reschedules a post. The calendar moves it at once (so a dragged event stays where it was dropped),
 * puts it back if the server refuses, and reloads the ranges from the server either way.
 */
export function useReschedulePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reschedulePost,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: calendarKeys.ranges });
      const before = queryClient.getQueriesData<CalendarPosts>({ queryKey: calendarKeys.ranges });
      queryClient.setQueriesData<CalendarPosts>({ queryKey: calendarKeys.ranges }, (page) =>
        moved(page, input),
      );
      return { before };
    },
    onError: (_error, _input, context?: { before: [QueryKey, CalendarPosts | undefined][] }) => {
      for (const [key, page] of context?.before ?? []) queryClient.setQueryData(key, page);
    },
    onSuccess: (post) => queryClient.setQueryData(calendarKeys.post(post.id), post),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.ranges }),
  });
}
