import type { QueryClient } from '@tanstack/react-query';
import { contentKeys } from '@/lib/api/content/keys';
import type { brandSortFields, tagSortFields } from '@fitpost/contract';

export interface BrandListQuery {
  q?: string;
  page: number;
  pagesize: number;
  sort?: (typeof brandSortFields)[number];
  desc?: boolean;
}

export type TagSortField = (typeof tagSortFields)[number];

export interface TagListQuery {
  q?: string;
  /** Admins only: members always get the searchable tags. */
  searchable?: boolean;
  page: number;
  pagesize: number;
  sort?: TagSortField;
  desc?: boolean;
}

/**
 * React-query keys of the library's brands and tags (GET /api/brand, /api/tag), read by the library's
 * screens and by the library picker's filters (composer, Auto-Post form). The content items and
 * favourites are the content resource's (`contentKeys` in lib/api/content).
 */
export const libraryKeys = {
  all: ['library'] as const,
  brandLists: ['library', 'brands'] as const,
  brands: (query: BrandListQuery) => ['library', 'brands', query] as const,
  tagLists: ['library', 'tags'] as const,
  tags: (query: TagListQuery) => ['library', 'tags', query] as const,
  /** Every brand by name, for the library picker's brand filter. */
  brandChoices: ['library-picker', 'brands'] as const,
  /** Every tag by name, for the library picker's tag filter. */
  tagChoices: ['library-picker', 'tags'] as const,
};

/** After a change to content, tags or brands: brands and tags count content, content carries tags. */
export function invalidateLibrary(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
    queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  ]).then(() => undefined);
}
