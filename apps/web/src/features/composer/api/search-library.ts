import { contentPage, libraryApi, type ContentPage } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { composerKeys } from './query-keys';

/** What the library picker searches by. */
export interface LibrarySearch {
  q: string;
  brandId: string | null;
  tagIds: string[];
  favoritesOnly: boolean;
  page: number;
}

export const librarySearchPageSize = 12;

/**
 * GET /api/content (or GET /api/favorite for the member's favourites): one page of the library the
 * member may post from, by keyword, brand and tags (`tagIds` as `a,b,c`).
 */
export function searchLibrary(search: LibrarySearch, signal?: AbortSignal): Promise<ContentPage> {
  return apiRequest(search.favoritesOnly ? libraryApi.favorites : libraryApi.content, {
    query: {
      q: search.q.trim(),
      brandId: search.brandId,
      tagIds: search.tagIds.join(','),
      page: search.page,
      pagesize: librarySearchPageSize,
    },
    schema: contentPage,
    signal,
  });
}

export function useLibrarySearch(search: LibrarySearch, enabled: boolean) {
  return useQuery({
    queryKey: composerKeys.library(search),
    queryFn: ({ signal }) => searchLibrary(search, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
