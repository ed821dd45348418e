import { scheduledPost, type ScheduledPost } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';
import { usePostMutation } from './use-post-mutation';

export interface TargetRef {
  /** The post. */
  id: string;
  targetId: string;
}

/** POST /api/posts/{id}/targets/{targetId}/retry: sends a failed target again, now. */
function retryTarget({ id, targetId }: TargetRef): Promise<ScheduledPost> {
  return apiRequest(`/api/posts/${encodeURIComponent(id)}/targets/${encodeURIComponent(targetId)}/retry`, {
    method: 'POST',
    schema: scheduledPost,
  });
}

export const useRetryTarget = () => usePostMutation(retryTarget);
