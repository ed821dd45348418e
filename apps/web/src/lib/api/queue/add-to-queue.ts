import type { ContentItem, ScheduledPost } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { invalidateContentCards } from '../content/keys';
import { invalidatePosts } from '../posts/use-post-mutation';
import { postKeys } from '../posts/keys';

interface AddToQueueInput {
  item: Pick<ContentItem, 'id' | 'body' | 'link' | 'mediaId'>;
  connectionIds: string[];
  timeZone: string;
}

/**
 * POST /api/posts with `queue`: a library item, as it is, to the given accounts in the member's
 * next free slot (the server picks it; the answer's `queueSlot` says which).
 */
function addToQueue({ item, connectionIds, timeZone }: AddToQueueInput): Promise<ScheduledPost> {
  return apiRequest('/api/posts', {
    method: 'POST',
    body: {
      body: item.body,
      link: item.link ?? null,
      mediaId: item.mediaId ?? null,
      contentId: item.id,
      connectionIds,
      queue: true,
      timeZone,
    },
    schema: checkedByServer<ScheduledPost>(),
  });
}

/** One-click 'Add to Queue' (library cards, Recommended Posts): every view of posts is refreshed. */
export function useAddToQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToQueue,
    onSuccess: (saved) => {
      queryClient.setQueryData(postKeys.detail(saved.id), saved);
      void invalidateContentCards(queryClient);
    },
    onSettled: (saved) => invalidatePosts(queryClient, saved),
  });
}
