import { postPage, type PostPage } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { composerKeys } from './query-keys';

/** How many upcoming posts of one content item the composer lists. */
export const contentPostsPageSize = 10;

/**
 * GET /api/posts?contentId&status=scheduled&order=asc: the member's posts made from this library
 * item that are still to go out, soonest first ('Upcoming posts with this content').
 */
export function getContentPosts(contentId: string, signal?: AbortSignal): Promise<PostPage> {
  return apiRequest('/api/posts', {
    query: { contentId, status: 'scheduled', order: 'asc', page: 1, pagesize: contentPostsPageSize },
    schema: postPage,
    signal,
  });
}

export function useContentPosts(contentId: string | null) {
  return useQuery({
    queryKey: composerKeys.contentPosts(contentId ?? ''),
    queryFn: ({ signal }) => getContentPosts(contentId ?? '', signal),
    enabled: contentId !== null,
  });
}
