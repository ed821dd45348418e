import { contentPage, libraryApi, type ContentPage } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { LibrarySearch } from './content-query';
import { contentKeys } from './keys';

export type { LibrarySearch } from './content-query';

/**
 * GET /api/content (or GET /api/favorite for the caller's favourites): one page of the library, by
 * keyword, brand and tags (`tagIds` as `a,b,c`). Empty filters are left out of the query string.
 */
function searchLibrary(search: LibrarySearch, pageSize: number, signal?: AbortSignal): Promise<ContentPage> {
  return apiRequest(search.favoritesOnly ? libraryApi.favorites : libraryApi.content, {
    query: {
      q: search.q.trim(),
      brandId: search.brandId,
      tagIds: search.tagIds.join(','),
      page: search.page,
      pagesize: pageSize,
    },
    schema: contentPage,
    signal,
  });
}

export function useLibrarySearch(search: LibrarySearch, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: contentKeys.search(search, pageSize),
    queryFn: ({ signal }) => searchLibrary(search, pageSize, signal),
    enabled,
    // Keep the last page on screen while the next one loads, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });
}
