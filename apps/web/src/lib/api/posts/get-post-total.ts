import type { PostStatus, PostPage } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { postKeys } from './keys';

export interface PostTotalFilter {
  status: PostStatus[];
  /** Scheduled on or after this instant. */
  from?: string;
}

/** GET /api/posts?status&from&pagesize=1: how many of the member's posts match (the page's `total`). */
async function getPostTotal(filter: PostTotalFilter, signal?: AbortSignal): Promise<number> {
  const page = await apiRequest('/api/posts', {
    query: { status: filter.status.join(','), from: filter.from, pagesize: 1 },
    schema: checkedByServer<PostPage>(),
    signal,
  });
  return page.total;
}

export function usePostTotal(filter: PostTotalFilter) {
  return useQuery({
    queryKey: postKeys.total(`${filter.status.join(',')}|${filter.from ?? ''}`),
    queryFn: ({ signal }) => getPostTotal(filter, signal),
  });
}
