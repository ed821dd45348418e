import { contentPage, libraryApi, type ContentPage } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './query-keys';

/** What the library picker searches by. */
export interface LibrarySearch {
  q: string;
  favoritesOnly: boolean;
  page: number;
}

export const libraryPageSize = 8;

/** GET /api/content (or GET /api/favorite): one page of the portal's library, by keyword. */
export function searchLibrary(search: LibrarySearch, signal?: AbortSignal): Promise<ContentPage> {
  return apiRequest(search.favoritesOnly ? libraryApi.favorites : libraryApi.content, {
    query: { q: search.q.trim(), page: search.page, pagesize: libraryPageSize },
    schema: contentPage,
    signal,
  });
}

export function useLibrarySearch(search: LibrarySearch, enabled: boolean) {
  return useQuery({
    queryKey: autoPostKeys.library(search),
    queryFn: ({ signal }) => searchLibrary(search, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
