import { scheduledPost, type PostUpsert, type ScheduledPost } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { composerKeys } from './query-keys';

export interface SavePostInput {
  /** The post being edited; null creates one. */
  id: string | null;
  post: PostUpsert;
}

/** POST /api/posts (new) or PUT /api/posts/{id} (edit): schedule, publish now, or keep as a draft. */
export function savePost({ id, post }: SavePostInput): Promise<ScheduledPost> {
  return id
    ? apiRequest(`/api/posts/${encodeURIComponent(id)}`, { method: 'PUT', body: post, schema: scheduledPost })
    : apiRequest('/api/posts', { method: 'POST', body: post, schema: scheduledPost });
}

export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: (saved) => {
      queryClient.setQueryData(composerKeys.post(saved.id), saved);
      if (saved.contentId) {
        void queryClient.invalidateQueries({ queryKey: composerKeys.contentPosts(saved.contentId) });
      }
    },
  });
}
