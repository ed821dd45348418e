import type { QueryClient } from '@tanstack/react-query';
import type { ContentListQuery, LibrarySearch } from './content-query';

/**
 * React-query keys of the content library's items, shared by the library screens, the library
 * picker (composer, Auto-Post form), the composer and the Auto-Post form. Everything sits under
 * `contentKeys.all`, which every change to content invalidates. (Brands and tags are the library's.)
 */
export const contentKeys = {
  all: ['content'] as const,
  /** Pages of GET /api/content (the library, the repository). */
  lists: ['content', 'list'] as const,
  list: (query: ContentListQuery) => ['content', 'list', query] as const,
  /** Pages of GET /api/favorite. */
  favoriteLists: ['content', 'favorites'] as const,
  favorites: (query: ContentListQuery) => ['content', 'favorites', query] as const,
  /** The library picker's searches (composer, Auto-Post form), one cache for both. */
  searches: ['content', 'search'] as const,
  search: (search: LibrarySearch, pageSize: number) => ['content', 'search', pageSize, search] as const,
  /** One item: GET /api/content/{id}. */
  item: (id: string) => ['content', 'item', id] as const,
};

/** The pages of items (library, favourites, picker), whose cards show an item's Scheduled/Posted flags. */
export function invalidateContentCards(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [contentKeys.lists, contentKeys.favoriteLists, contentKeys.searches].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
