import { getFlag, setFlag, storageKeys } from '@/lib/session';
import type { LibrarySearch } from '@/lib/api/content/search-library';

export const emptySearch: LibrarySearch = { q: '', brandId: null, tagIds: [], favoritesOnly: false, page: 1 };

/**
 * The filter kept in the spec's stored 'filter' (cleared when the member leaves the area). The same key
 * holds other screens' filters too, so anything unexpected in it is read as "no filter".
 */
export function readStoredSearch(): LibrarySearch {
  try {
    const raw = getFlag(storageKeys.filter);
    // Only a trust boundary: every field is checked below before it is used.
    const parsed = raw ? (JSON.parse(raw) as Partial<Record<keyof LibrarySearch, unknown>>) : {};
    return {
      q: typeof parsed.q === 'string' ? parsed.q : '',
      brandId: typeof parsed.brandId === 'string' ? parsed.brandId : null,
      tagIds: Array.isArray(parsed.tagIds)
        ? parsed.tagIds.filter((t): t is string => typeof t === 'string')
        : [],
      favoritesOnly: parsed.favoritesOnly === true,
      page: 1,
    };
  } catch {
    return emptySearch;
  }
}

/** Stores the filter without its page: coming back starts on the first page of the same filter. */
export function storeSearch(search: LibrarySearch): void {
  const { page: _page, ...kept } = search;
  setFlag(storageKeys.filter, JSON.stringify(kept));
}
