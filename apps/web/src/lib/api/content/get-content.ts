import { libraryApi, type ContentPage } from '@fitpost/contract';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { contentQueryParams, type ContentListQuery } from './content-query';
import { contentKeys } from './keys';

/**
 * GET /api/content?q&brandId&tagIds&type&recommended&favorites&include&page&pagesize&sort&desc:
 * one page of the library, with the caller's favourite / Scheduled / Posted flags on each item.
 */
function getContent(query: ContentListQuery, signal?: AbortSignal): Promise<ContentPage> {
  return apiRequest(libraryApi.content, {
    query: contentQueryParams(query),
    schema: checkedByServer<ContentPage>(),
    signal,
  });
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
 * Asks for Recommended for You ahead of the dashboard: the app calls it at start-up when opened
 * there (app/startup-prefetch.ts), so the answer is on its way while the shell's code loads.
 */
export function prefetchRecommendedContent(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: contentKeys.list(recommendedContentQuery),
    queryFn: ({ signal }) => getContent(recommendedContentQuery, signal),
  });
}
