import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  emptyFilter,
  filterFromSearch,
  readStoredFilter,
  storeFilter,
  type LibraryFilter,
} from '../library-filter';

/**
 * Browse Library's filter. It starts from a link's query string (e.g. Brands' 'View Content',
 * `/app/content?brandId=…`), else from the stored 'filter' (a reload keeps it), else empty; every
 * change is stored. The address keeps the search words (`?q=squat`), so a reload or a shared link
 * searches again; a link's other filters become the stored one and leave the address. The shell
 * removes the stored value when the member leaves /app/content (spec §2).
 */
export function useLibraryFilter(): [LibraryFilter, (filter: LibraryFilter) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<LibraryFilter>(() => startingFilter(location.search));

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
function startingFilter(search: string): LibraryFilter {
  const linked = filterFromSearch(search);
  const stored = readStoredFilter();
  const onlyWords = [...new URLSearchParams(search).keys()].every((name) => name === 'q');
  if (linked && onlyWords && stored)
    return { ...stored, q: linked.q, page: stored.q === linked.q ? stored.page : 1 };
  return linked ?? stored ?? emptyFilter;
}
