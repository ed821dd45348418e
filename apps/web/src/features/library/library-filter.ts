import { contentSearchQuery, type ContentType } from '@fitpost/contract';
import { clearFlag, getFlag, setFlag, storageKeys } from '@/lib/session';
import type { ContentListQuery } from '@/lib/api/content/content-query';

/** What the member narrowed Browse Library to; kept in the stored 'filter' while they stay (spec §2). */
export interface LibraryFilter {
  q: string;
  brandId?: string;
  tagIds: string[];
  type?: ContentType;
  recommended: boolean;
  favorites: boolean;
  page: number;
}

export const emptyFilter: LibraryFilter = {
  q: '',
  tagIds: [],
  recommended: false,
  favorites: false,
  page: 1,
};

/** The filter as a query string: the same names and values GET /api/content takes. */
function filterToSearch(filter: LibraryFilter): string {
  const params = new URLSearchParams();
  if (filter.q !== '') params.set('q', filter.q);
  if (filter.brandId) params.set('brandId', filter.brandId);
  if (filter.tagIds.length > 0) params.set('tagIds', filter.tagIds.join(','));
  if (filter.type) params.set('type', filter.type);
  if (filter.recommended) params.set('recommended', 'true');
  if (filter.favorites) params.set('favorites', 'true');
  if (filter.page > 1) params.set('page', String(filter.page));
  return params.toString();
}

/**
 * A filter from a query string (the stored value, or a link such as Brands' 'View Content'), checked
 * with the API's own schema; null when it holds no filter or anything the API would refuse.
 */
export function filterFromSearch(search: string): LibraryFilter | null {
  const params = new URLSearchParams(search);
  const known = ['q', 'brandId', 'tagIds', 'type', 'recommended', 'favorites', 'page'];
  const entries = [...params.entries()].filter(([name]) => known.includes(name));
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

export function readStoredFilter(): LibraryFilter | null {
  const stored = getFlag(storageKeys.filter);
  return stored ? filterFromSearch(stored) : null;
}

/** Stores the filter (or removes it when nothing is narrowed); the shell clears it when the member leaves. */
export function storeFilter(filter: LibraryFilter): void {
  const search = filterToSearch(filter);
  if (search === '') clearFlag(storageKeys.filter);
  else setFlag(storageKeys.filter, search);
}

export function isFiltered(filter: LibraryFilter): boolean {
  return (
    filter.q !== '' ||
    filter.brandId !== undefined ||
    filter.tagIds.length > 0 ||
    filter.type !== undefined ||
    filter.recommended ||
    filter.favorites
  );
}

/** The API query for one page of the filtered library. */
export function filterToQuery(filter: LibraryFilter, pagesize: number): ContentListQuery {
  return {
    q: filter.q || undefined,
    brandId: filter.brandId,
    tagIds: filter.tagIds.length > 0 ? filter.tagIds : undefined,
    type: filter.type,
    recommended: filter.recommended ? true : undefined,
    favorites: filter.favorites ? true : undefined,
    page: filter.page,
    pagesize,
  };
}
