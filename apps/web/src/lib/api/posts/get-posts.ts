import type { PostPage } from '@fitpost/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { postKeys, type PostListQuery } from './keys';

export type { PostListQuery } from './keys';

/** GET /api/posts?status&network&contentId&from&to&order&page&pagesize: one page of the member's posts. */
function getPosts(query: PostListQuery, signal?: AbortSignal): Promise<PostPage> {
  return apiRequest('/api/posts', {
    query: {
      contentId: query.contentId,
      status: query.status.join(','),
      network: query.network,
      from: query.from,
      to: query.to,
      order: query.order,
      page: query.page,
      pagesize: query.pagesize,
    },
    schema: checkedByServer<PostPage>(),
    signal,
  });
}

/**
 * One page of posts (null: not known yet). `keepPrevious` keeps the last page up while the next one
 * loads, for a list the member pages or filters through.
 */
/** Any post of the member's that is queued, scheduled or already out (its `total` says whether one is). */
export const anyPostQuery: PostListQuery = {
  status: ['scheduled', 'publishing', 'posted', 'partly_posted'],
  order: 'asc',
  page: 1,
  pagesize: 1,
};

export function usePosts(query: PostListQuery | null, options: { keepPrevious?: boolean } = {}) {
  return useQuery({
    queryKey: query ? postKeys.list(query) : postKeys.lists,
    queryFn: query ? ({ signal }) => getPosts(query, signal) : skipToken,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
