import { scheduledPost, type ScheduledPost } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';
import { usePostListMutation } from './invalidate-lists';

export interface Reschedule {
  id: string;
  /** The new instant (ISO 8601). */
  scheduledAt: string;
}

/** POST /api/posts/{id}/reschedule: moves what has not been sent to the new time. */
export function reschedulePost({ id, scheduledAt }: Reschedule): Promise<ScheduledPost> {
  return apiRequest(`/api/posts/${encodeURIComponent(id)}/reschedule`, {
    method: 'POST',
    body: { scheduledAt },
    schema: scheduledPost,
  });
}

export const useReschedulePost = () => usePostListMutation(reschedulePost);
