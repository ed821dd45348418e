import { scheduledPost, type ScheduledPost } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';
import { usePostMutation } from './use-post-mutation';

/** POST /api/posts/{id}/duplicate → 201 with the copy, a new draft. */
function duplicatePost(id: string): Promise<ScheduledPost> {
  return apiRequest(`/api/posts/${encodeURIComponent(id)}/duplicate`, {
    method: 'POST',
    schema: scheduledPost,
  });
}

export const useDuplicatePost = () => usePostMutation(duplicatePost);
