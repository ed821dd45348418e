import { apiRequest } from '@/lib/api-client';
import { usePostMutation } from './use-post-mutation';

/** DELETE /api/posts/{id} → 204. */
function deletePost(id: string): Promise<void> {
  return apiRequest(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeletePost = () => usePostMutation(deletePost);
