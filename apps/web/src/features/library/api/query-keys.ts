import type { ContentListQuery } from './content-query';
import type { BrandListQuery } from './get-brands';
import type { TagListQuery } from './get-tags';

/**
 * React-query keys of the library feature. Content lists (the library, the repository) and
 * favourites have their own prefixes, so a favourite toggle can update both kinds of cached page.
 */
export const libraryKeys = {
  all: ['library'] as const,
  contentLists: ['library', 'content'] as const,
  content: (query: ContentListQuery) => ['library', 'content', query] as const,
  favoriteLists: ['library', 'favorites'] as const,
  favorites: (query: ContentListQuery) => ['library', 'favorites', query] as const,
  brandLists: ['library', 'brands'] as const,
  brands: (query: BrandListQuery) => ['library', 'brands', query] as const,
  tagLists: ['library', 'tags'] as const,
  tags: (query: TagListQuery) => ['library', 'tags', query] as const,
};
