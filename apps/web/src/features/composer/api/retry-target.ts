import { scheduledPost, type ScheduledPost } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { composerKeys } from './query-keys';

/** POST /api/posts/{id}/targets/{targetId}/retry: send a failed target again, now. */
export function retryTarget(input: { postId: string; targetId: string }): Promise<ScheduledPost> {
  const path = `/api/posts/${encodeURIComponent(input.postId)}/targets/${encodeURIComponent(input.targetId)}/retry`;
  return apiRequest(path, { method: 'POST', schema: scheduledPost });
}

export function useRetryTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryTarget,
    onSuccess: (post) => queryClient.setQueryData(composerKeys.post(post.id), post),
  });
}
