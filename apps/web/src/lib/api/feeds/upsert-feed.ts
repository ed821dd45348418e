import { feed, libraryApi, type Feed, type FeedUpsert } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { feedKeys } from './keys';

/** Upsert (spec §7): POST /api/feed when the id is empty or 0, otherwise PUT /api/feed/{id}. */
function upsertFeed(body: FeedUpsert): Promise<Feed> {
  const id = body.id;
  return id === undefined || id === '' || id === 0
    ? apiRequest(libraryApi.feeds, { method: 'POST', body, schema: feed })
    : apiRequest(libraryApi.feed(encodeURIComponent(id)), { method: 'PUT', body, schema: feed });
}

export function useUpsertFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  });
}
