import { feedList, libraryApi, type Feed } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { feedKeys, type FeedListQuery } from './keys';

export type { FeedListQuery } from './keys';

/** GET /api/feed?portalid&userid&active=true|false (spec §7). */
function getFeeds(query: FeedListQuery, signal?: AbortSignal): Promise<Feed[]> {
  return apiRequest(libraryApi.feeds, {
    query: { portalid: query.portalid, userid: query.userid, active: query.active },
    schema: feedList,
    signal,
  });
}

export function useFeeds(query: FeedListQuery) {
  return useQuery({ queryKey: feedKeys.list(query), queryFn: ({ signal }) => getFeeds(query, signal) });
}
