import { useCallback, useEffect, useState } from 'react';
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

export type FilterCheck = { filterFromSearch: typeof filterFromSearch };

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
 * The check for the filter Browse Library starts with: `null` when there is nothing to check (no
 * link's or stored filter), `undefined` while its code loads, then the check. The code (the API's
 * schema, with zod) loads only when there is such a filter, so an unfiltered first screen loads no
 * zod (docs/architecture.md §5, "The first screen on a phone"). Loaded in an effect rather than
 * with `use()`: the screen shows its loader meanwhile, and no render is suspended and replayed. A
 * failed load is thrown to the route's error boundary.
 */
export function useFilterCheck(): FilterCheck | null | undefined {
  const location = useLocation();
  const [needed] = useState(
    () => filterEntries(location.search).length > 0 || filterEntries(storedFilterSearch()).length > 0,
  );
  // Once loaded, the check is used at once (no loader again on a later visit).
  const [check, setCheck] = useState(checkLoaded);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!needed || check) return;
    let current = true;
    loadFilterCheck().then(
      (module) => current && setCheck(module),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [needed, check]);
  if (failure) throw failure.error;
  if (!needed) return null;
  return check ?? undefined;
}

/**
 * Browse Library's filter. It starts from a link's query string (e.g. Brands' 'View Content',
 * `/app/content?brandId=…`), else from the stored 'filter' (a reload keeps it), else empty; every
 * change is stored. The address keeps the search words (`?q=squat`), so a reload or a shared link
 * searches again; a link's other filters become the stored one and leave the address. The shell
 * removes the stored value when the member leaves /app/content (spec §2).
 *
 * A link's or the stored filter is checked with the API's schema first (`check`, from
 * `useFilterCheck`; `null` when there is none to check).
 */
export function useLibraryFilter(
  check: FilterCheck | null,
): [LibraryFilter, (filter: LibraryFilter) => void] {
  const location = useLocation();
  const navigate = useNavigate();
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
