import { contentKeys } from '@/lib/api/content/keys';

/** What the library picker searches by. */
export interface LibrarySearch {
  q: string;
  brandId: string | null;
  tagIds: string[];
  favoritesOnly: boolean;
  page: number;
}

/**
 * React-query keys of the shared library picker. The composer and the Auto-Post form read the same
 * library, so they share one cache rather than each feature keeping a copy.
 */
export const libraryPickerKeys = {
  all: ['library-picker'] as const,
  /** Under the shared content resource, so a change to the library refreshes the picker's results. */
  search: (search: LibrarySearch, pageSize: number) => [...contentKeys.searches, pageSize, search] as const,
  brands: ['library-picker', 'brands'] as const,
  tags: ['library-picker', 'tags'] as const,
};
