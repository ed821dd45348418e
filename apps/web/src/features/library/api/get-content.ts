import { contentPage, libraryApi, type ContentPage } from '@fitpost/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { contentQueryParams, type ContentListQuery } from '@/lib/api/content/content-query';
import { contentKeys } from '@/lib/api/content/keys';

/**
 * GET /api/content?q&brandId&tagIds&type&recommended&favorites&include&page&pagesize&sort&desc:
 * one page of the library, with the caller's favourite / Scheduled / Posted flags on each item.
 */
export function getContent(query: ContentListQuery, signal?: AbortSignal): Promise<ContentPage> {
  return apiRequest(libraryApi.content, { query: contentQueryParams(query), schema: contentPage, signal });
}

export function useContent(query: ContentListQuery) {
  return useQuery({
    queryKey: contentKeys.list(query),
    queryFn: ({ signal }) => getContent(query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The dashboard's Recommended for You: the newest three recommended items (one row at 1280 px; on a
 * phone the panels below stay within reach), with a link to all of them in Browse Library.
 */
export const recommendedContentQuery: ContentListQuery = { recommended: true, page: 1, pagesize: 3 };

/**
 * Starts loading Recommended for You as soon as the dashboard shows, not after the panel's own
 * JavaScript has arrived: on a busy device that chain (page → panel code → request) took seconds.
 */
export function usePrefetchRecommendedContent() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery({
      queryKey: contentKeys.list(recommendedContentQuery),
      queryFn: ({ signal }) => getContent(recommendedContentQuery, signal),
    });
  }, [queryClient]);
}
