import { contentSearchQuery } from '@fitpost/contract';
import { filterEntries, type LibraryFilter } from './library-filter';

/**
 * A filter from a query string (the stored value, or a link such as Brands' 'View Content'), checked
 * with the API's own schema; null when it holds no filter or anything the API would refuse. Its own
 * module, loaded only when there is a filter to check (hooks/use-library-filter.ts): the schema
 * brings zod, which Browse Library's first screen otherwise does without.
 */
export function filterFromSearch(search: string): LibraryFilter | null {
  const entries = filterEntries(search);
  if (entries.length === 0) return null;
  const parsed = contentSearchQuery.safeParse(Object.fromEntries(entries));
  if (!parsed.success) return null;
  const query = parsed.data;
  return {
    q: query.q ?? '',
    brandId: query.brandId,
    tagIds: query.tagIds ?? [],
    type: query.type,
    recommended: query.recommended === true,
    favorites: query.favorites === true,
    page: query.page,
  };
}
