import { libraryMessages, type ContentItem } from '@fitpost/contract';
import { Alert, Button, Drawer, Empty, Input, Pagination, Radio, Select, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '@/lib/api-client';
import { getFlag, setFlag, storageKeys } from '@/lib/session';
import { useBrands } from '../api/get-brands';
import { useTags } from '../api/get-tags';
import { librarySearchPageSize, useLibrarySearch, type LibrarySearch } from '../api/search-library';

interface LibraryPickerProps {
  open: boolean;
  /** Open on the member's favourites (the calendar's 'Choose From Favorites'). */
  favoritesFirst: boolean;
  onClose: () => void;
  onPick: (item: ContentItem) => void;
}

const emptySearch: LibrarySearch = { q: '', brandId: null, tagIds: [], favoritesOnly: false, page: 1 };

/** The picker's filter lives in the spec's stored 'filter' while the member stays on the composer. */
function storedSearch(): LibrarySearch {
  try {
    const raw = getFlag(storageKeys.filter);
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

/** 'Or Choose from Library': search the content library and fill the post from an item. */
export function LibraryPicker({ open, favoritesFirst, onClose, onPick }: LibraryPickerProps) {
  const [search, setSearch] = useState<LibrarySearch>(() => ({
    ...storedSearch(),
    ...(favoritesFirst ? { favoritesOnly: true } : {}),
  }));
  const [typed, setTyped] = useState(search.q);
  const results = useLibrarySearch(search, open);
  const brands = useBrands(open);
  const tags = useTags(open);

  const update = useCallback(
    (change: Partial<LibrarySearch>) => {
      const next = { ...search, page: 1, ...change };
      setSearch(next);
      const { page: _page, ...kept } = next;
      setFlag(storageKeys.filter, JSON.stringify(kept));
    },
    [search],
  );

  // Search as the member types, once they pause.
  useEffect(() => {
    if (typed === search.q) return undefined;
    const timer = window.setTimeout(() => update({ q: typed }), 350);
    return () => window.clearTimeout(timer);
  }, [typed, search.q, update]);

  const items = results.data?.items ?? [];
  let list;
  if (results.isPending) list = <Skeleton active />;
  else if (results.isError) {
    list = (
      <Alert
        type="error"
        showIcon
        title="The library could not be loaded."
        description={errorText(results.error)}
        action={<Button onClick={() => void results.refetch()}>Retry</Button>}
      />
    );
  } else if (items.length === 0) {
    list = (
      <Empty
        description={
          search.favoritesOnly && !search.q && !search.brandId && search.tagIds.length === 0
            ? libraryMessages.emptyFavorites
            : libraryMessages.emptyResults
        }
      />
    );
  } else {
    list = (
      <ul className="library-results" aria-busy={results.isFetching}>
        {items.map((item) => (
          <li key={item.id} className="library-result">
            {item.graphicUrl ? <img src={item.graphicUrl} alt="" className="library-result-image" /> : null}
            <div className="library-result-body">
              <h3 className="library-result-title">{item.title}</h3>
              {item.brand ? <span className="composer-hint">{item.brand.name}</span> : null}
              <p className="library-result-caption">{item.body}</p>
              {item.tags.length > 0 ? (
                <p className="composer-hint">{item.tags.map((tag) => `#${tag.name}`).join(' ')}</p>
              ) : null}
              <Button
                type="primary"
                size="small"
                onClick={() => onPick(item)}
                aria-label={`Use ${item.title}`}
              >
                Use this content
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Drawer title="Choose from Library" open={open} onClose={onClose} size={560}>
      <div className="library-filters">
        <div className="composer-field">
          <label htmlFor="library-search" className="composer-label">
            Search
          </label>
          <Input.Search
            id="library-search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={(value) => {
              setTyped(value);
              update({ q: value });
            }}
            placeholder="Title, caption or tag"
            allowClear
          />
        </div>
        <div className="library-filter-row">
          <div className="composer-field">
            <label htmlFor="library-brand" className="composer-label">
              Brand
            </label>
            <Select
              id="library-brand"
              value={search.brandId ?? ''}
              onChange={(value: string) => update({ brandId: value || null })}
              loading={brands.isPending}
              options={[
                { value: '', label: 'All brands' },
                ...(brands.data?.items ?? []).map((brand) => ({ value: brand.id, label: brand.name })),
              ]}
            />
          </div>
          <div className="composer-field">
            <label htmlFor="library-tags" className="composer-label">
              Tags
            </label>
            <Select
              id="library-tags"
              mode="multiple"
              value={search.tagIds}
              onChange={(value: string[]) => update({ tagIds: value })}
              loading={tags.isPending}
              placeholder="Any tag"
              maxCount={10}
              showSearch={{ optionFilterProp: 'label' }}
              options={(tags.data?.items ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
            />
          </div>
        </div>
        <Radio.Group
          aria-label="Show"
          value={search.favoritesOnly ? 'favorites' : 'all'}
          onChange={(event) => update({ favoritesOnly: event.target.value === 'favorites' })}
          optionType="button"
          options={[
            { value: 'all', label: 'All content' },
            { value: 'favorites', label: 'My Favorites' },
          ]}
        />
      </div>
      {list}
      {results.data && results.data.total > librarySearchPageSize ? (
        <Pagination
          className="library-pagination"
          current={search.page}
          pageSize={librarySearchPageSize}
          total={results.data.total}
          showSizeChanger={false}
          onChange={(page) => setSearch((previous) => ({ ...previous, page }))}
        />
      ) : null}
    </Drawer>
  );
}
