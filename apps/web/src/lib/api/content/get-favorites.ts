import { contentPage, libraryApi, type ContentPage } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contentQueryParams, type ContentListQuery } from './content-query';
import { contentKeys } from './keys';

/** GET /api/favorite (same query as the library): one page of the caller's favourites. */
function getFavorites(query: ContentListQuery, signal?: AbortSignal): Promise<ContentPage> {
  return apiRequest(libraryApi.favorites, { query: contentQueryParams(query), schema: contentPage, signal });
}

export function useFavorites(query: ContentListQuery) {
  return useQuery({
    queryKey: contentKeys.favorites(query),
    queryFn: ({ signal }) => getFavorites(query, signal),
    placeholderData: keepPreviousData,
  });
}
