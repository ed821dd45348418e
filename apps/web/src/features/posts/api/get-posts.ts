import { postPage, type Network, type PostPage, type PostStatus } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postKeys } from './query-keys';

/** The list's query string (contract `postSearchQuery`), as this screen builds it. */
export interface PostListQuery {
  status: PostStatus[];
  network?: Network;
  /** Instants (ISO 8601): scheduled on or after `from`, on or before `to`. */
  from?: string;
  to?: string;
  order: 'asc' | 'desc';
  page: number;
  pagesize: number;
}

/** GET /api/posts?status&network&from&to&order&page&pagesize: one page of the member's posts. */
export function getPosts(query: PostListQuery, signal?: AbortSignal): Promise<PostPage> {
  return apiRequest('/api/posts', {
    query: {
      status: query.status.join(','),
      network: query.network,
      from: query.from,
      to: query.to,
      order: query.order,
      page: query.page,
      pagesize: query.pagesize,
    },
    schema: postPage,
    signal,
  });
}

export function usePosts(query: PostListQuery) {
  return useQuery({
    queryKey: postKeys.list(query),
    queryFn: ({ signal }) => getPosts(query, signal),
    placeholderData: keepPreviousData,
  });
}
