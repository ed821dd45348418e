import type { ContentType } from '@fitpost/contract';
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

/** The names of a filter's parameters, as `filterToSearch` writes them and GET /api/content reads them. */
const filterParams = ['q', 'brandId', 'tagIds', 'type', 'recommended', 'favorites', 'page'];

/** A query string's filter parameters (a link's, or the stored value's); none when it holds no filter. */
export function filterEntries(search: string): [string, string][] {
  return [...new URLSearchParams(search).entries()].filter(([name]) => filterParams.includes(name));
}

/** The stored filter as it was written (checked by `filterFromSearch` before use). */
export function storedFilterSearch(): string {
  return getFlag(storageKeys.filter) ?? '';
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
