import { use, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loadModule } from '@/lib/module-load';
import type { filterFromSearch } from '../library-filter-check';
import {
  emptyFilter,
  filterEntries,
  storedFilterSearch,
  storeFilter,
  type LibraryFilter,
} from '../library-filter';

type FilterCheck = { filterFromSearch: typeof filterFromSearch };

let checkLoad: Promise<FilterCheck> | null = null;
let checkLoaded: FilterCheck | null = null;

/** The filter's check (the API's schema, with zod), loaded once; tried again after a failed load. */
export function loadFilterCheck(): Promise<FilterCheck> {
  checkLoad ??= loadModule(() => import('../library-filter-check'))().then(
    (module) => (checkLoaded = module),
    (error: unknown) => {
      checkLoad = null;
      throw error;
    },
  );
  return checkLoad;
}

/**
 * Browse Library's filter. It starts from a link's query string (e.g. Brands' 'View Content',
 * `/app/content?brandId=…`), else from the stored 'filter' (a reload keeps it), else empty; every
 * change is stored. The address keeps the search words (`?q=squat`), so a reload or a shared link
 * searches again; a link's other filters become the stored one and leave the address. The shell
 * removes the stored value when the member leaves /app/content (spec §2).
 *
 * A link's or the stored filter is checked with the API's schema first: the screen waits for that
 * check's code (it suspends) only when there is such a filter, so an unfiltered first screen loads
 * no zod (docs/architecture.md §5, "The first screen on a phone").
 */
export function useLibraryFilter(): [LibraryFilter, (filter: LibraryFilter) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [needsCheck] = useState(
    () => filterEntries(location.search).length > 0 || filterEntries(storedFilterSearch()).length > 0,
  );
  // Once loaded, the check is used at once (no suspending again on a later visit).
  const check = needsCheck ? (checkLoaded ?? use(loadFilterCheck())) : null;
  const [filter, setFilter] = useState<LibraryFilter>(() =>
    check ? startingFilter(location.search, check.filterFromSearch) : emptyFilter,
  );

  useEffect(() => {
    storeFilter(filter);
  }, [filter]);

  const search = filter.q === '' ? '' : `?${new URLSearchParams({ q: filter.q }).toString()}`;
  useEffect(() => {
    if (location.search !== search) void navigate({ pathname: location.pathname, search }, { replace: true });
  }, [location.search, location.pathname, search, navigate]);

  const update = useCallback((next: LibraryFilter) => setFilter(next), []);
  return [filter, update];
}

/** A link's filter; the address's search words over the stored filter; the stored one; or none. */
function startingFilter(search: string, filterFromSearch: FilterCheck['filterFromSearch']): LibraryFilter {
  const linked = filterFromSearch(search);
  const stored = filterFromSearch(storedFilterSearch());
  const onlyWords = [...new URLSearchParams(search).keys()].every((name) => name === 'q');
  if (linked && onlyWords && stored)
    return { ...stored, q: linked.q, page: stored.q === linked.q ? stored.page : 1 };
  return linked ?? stored ?? emptyFilter;
}
