import { scheduledPost, type PostUpsert, type ScheduledPost } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateContentCards } from '@/lib/api/content/keys';
import { postKeys } from './keys';
import { invalidatePosts } from './use-post-mutation';

interface SavePostInput {
  /** The post being edited; null creates one. */
  id: string | null;
  post: PostUpsert;
}

/** POST /api/posts (new) or PUT /api/posts/{id} (edit): schedule, publish now, or keep as a draft. */
function savePost({ id, post }: SavePostInput): Promise<ScheduledPost> {
  return id
    ? apiRequest(`/api/posts/${encodeURIComponent(id)}`, { method: 'PUT', body: post, schema: scheduledPost })
    : apiRequest('/api/posts', { method: 'POST', body: post, schema: scheduledPost });
}

/**
 * Saves the post: the composer shows what the server answered at once, and every view of the posts
 * (Schedule a Post, the calendar, the dashboard, this item's upcoming posts) is refreshed.
 */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: (saved) => {
      queryClient.setQueryData(postKeys.detail(saved.id), saved);
      // A post made from a library item marks the item Scheduled on its card.
      if (saved.contentId) void invalidateContentCards(queryClient);
    },
    onSettled: (saved) => invalidatePosts(queryClient, saved),
  });
}
