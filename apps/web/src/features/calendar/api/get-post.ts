import { scheduledPost, type ScheduledPost } from '@fitpost/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarKeys } from './query-keys';

/** GET /api/posts/{id}: one of the member's posts in full (body, each account's outcome). */
export function getPost(postId: string, signal?: AbortSignal): Promise<ScheduledPost> {
  return apiRequest(`/api/posts/${encodeURIComponent(postId)}`, { schema: scheduledPost, signal });
}

export function usePost(postId: string | null) {
  return useQuery({
    queryKey: calendarKeys.post(postId ?? ''),
    queryFn: postId ? ({ signal }) => getPost(postId, signal) : skipToken,
  });
}
