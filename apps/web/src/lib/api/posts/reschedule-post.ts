import type { CalendarPosts, ScheduledPost } from '@fitpost/contract';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { postKeys } from './keys';
import { invalidatePosts } from './use-post-mutation';

interface Reschedule {
  /** The post. */
  id: string;
  /** The new instant (ISO 8601). */
  scheduledAt: string;
}

/**
 * POST /api/posts/{id}/reschedule: moves what has not been sent to the new time. Read as the server
 * checked it: the calendar, which moves posts by drag, loads no zod.
 */
function reschedulePost({ id, scheduledAt }: Reschedule): Promise<ScheduledPost> {
  return apiRequest(`/api/posts/${encodeURIComponent(id)}/reschedule`, {
    method: 'POST',
    body: { scheduledAt },
    schema: checkedByServer<ScheduledPost>(),
  });
}

function moved(page: CalendarPosts | undefined, input: Reschedule): CalendarPosts | undefined {
  if (!page) return page;
  return {
    ...page,
    items: page.items.map((post) =>
      post.id === input.id ? { ...post, scheduledAt: input.scheduledAt } : post,
    ),
  };
}

type Snapshot = [QueryKey, CalendarPosts | undefined][];

/**
 * Reschedules a post. Cached calendar ranges move it at once (so a dragged event stays where it was
 * dropped) and get it back if the server refuses; every view of the posts is refreshed either way.
 */
export function useReschedulePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reschedulePost,
    onMutate: async (input): Promise<{ before: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: postKeys.calendars });
      const before = queryClient.getQueriesData<CalendarPosts>({ queryKey: postKeys.calendars });
      queryClient.setQueriesData<CalendarPosts>({ queryKey: postKeys.calendars }, (page) =>
        moved(page, input),
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, page] of context?.before ?? []) queryClient.setQueryData(key, page);
    },
    onSuccess: (post) => queryClient.setQueryData(postKeys.detail(post.id), post),
    onSettled: (post) => invalidatePosts(queryClient, post),
  });
}
