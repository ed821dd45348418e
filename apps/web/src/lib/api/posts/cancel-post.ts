import { scheduledPost, type ScheduledPost } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';
import { usePostMutation } from '@/lib/api/posts/use-post-mutation';

/** POST /api/posts/{id}/cancel: cancels every target not yet sent. */
function cancelPost(id: string): Promise<ScheduledPost> {
  return apiRequest(`/api/posts/${encodeURIComponent(id)}/cancel`, { method: 'POST', schema: scheduledPost });
}

export const useCancelPost = () => usePostMutation(cancelPost);
