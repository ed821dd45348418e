import { feedConsumeResult, libraryApi, type FeedConsumeResult } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/feed/consume/{userId}: fetches the member's feeds and the portal's system feeds now,
 * imports their new items as content, and says what each feed gave. Called after sign-in (spec §4)
 * and by 'Refresh Feed Data'.
 */
export function consumeFeeds(userId: string): Promise<FeedConsumeResult> {
  return apiRequest(libraryApi.feedConsume(encodeURIComponent(userId)), { schema: feedConsumeResult });
}

export function useConsumeFeeds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: consumeFeeds,
    // New items change feed counts and whatever content lists are cached, in any screen: mark them
    // all stale (only the ones on screen refetch now).
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
