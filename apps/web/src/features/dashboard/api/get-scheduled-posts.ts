import { postPage, type PostPage } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** How many of the next posts the dashboard lists. */
export const scheduledPostsShown = 5;

/** GET /api/posts?status=scheduled,publishing&order=asc: the member's next posts, soonest first. */
export function getScheduledPosts(signal?: AbortSignal): Promise<PostPage> {
  return apiRequest('/api/posts', {
    query: { status: 'scheduled,publishing', order: 'asc', page: 1, pagesize: scheduledPostsShown },
    schema: postPage,
    signal,
  });
}

export function useScheduledPosts() {
  return useQuery({
    // Under the posts list's keys, so its actions (cancel, reschedule…) refresh this panel too.
    queryKey: ['posts', 'list', 'dashboard-next'] as const,
    queryFn: ({ signal }) => getScheduledPosts(signal),
  });
}
