import { contentPage, libraryApi, type ContentPage } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
