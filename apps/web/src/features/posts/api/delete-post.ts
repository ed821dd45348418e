import { apiRequest } from '@/lib/api-client';
import { usePostListMutation } from './invalidate-lists';

/** DELETE /api/posts/{id} → 204. */
export function deletePost(id: string): Promise<void> {
  return apiRequest(`/api/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeletePost = () => usePostListMutation(deletePost);
