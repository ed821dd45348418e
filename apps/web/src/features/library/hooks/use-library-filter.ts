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
 * change is stored. The shell removes the stored value when the member leaves /app/content (spec §2).
 */
export function useLibraryFilter(): [LibraryFilter, (filter: LibraryFilter) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<LibraryFilter>(
    () => filterFromSearch(location.search) ?? readStoredFilter() ?? emptyFilter,
  );

  useEffect(() => {
    storeFilter(filter);
  }, [filter]);

  // A link's filter is now the stored one: drop it from the address, so it does not override later changes.
  useEffect(() => {
    if (location.search !== '') void navigate({ pathname: location.pathname }, { replace: true });
  }, [location.search, location.pathname, navigate]);

  const update = useCallback((next: LibraryFilter) => setFilter(next), []);
  return [filter, update];
}
