import type { ContentItem } from '@fitpost/contract';
import { Drawer, Input, Pagination, Radio, Select } from 'antd';
import { useCallback, useId, useState } from 'react';
import { useSearchAsYouType } from '@/lib/use-search-as-you-type';
import { useBrandChoices } from '@/lib/api/library/get-brands';
import { useTagChoices } from '@/lib/api/library/get-tags';
import { useLibrarySearch, type LibrarySearch } from '@/lib/api/content/search-library';
import { LibraryResults } from './library-results';
import { emptySearch, readStoredSearch, storeSearch } from './stored-search';
import './library-picker.css';

export interface LibraryPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (item: ContentItem) => void;
  /** The search box's label: each screen keeps the wording its members already know. */
  searchLabel: string;
  /** Items per page. */
  pageSize: number;
  /** Open on the caller's favourites (the calendar's 'Choose From Favorites'). */
  favoritesFirst?: boolean;
  /**
   * Keep the filter in the spec's stored 'filter', so it survives closing and reopening the picker while
   * the member stays in the area (the composer). Screens outside that area leave it alone.
   */
  rememberFilter?: boolean;
}

/** 'Choose from Library': search the content library by keyword, brand and tags, and pick an item. */
export function LibraryPicker({
  open,
  onClose,
  onPick,
  searchLabel,
  pageSize,
  favoritesFirst = false,
  rememberFilter = false,
}: LibraryPickerProps) {
  const [search, setSearch] = useState<LibrarySearch>(() => ({
    ...(rememberFilter ? readStoredSearch() : emptySearch),
    ...(favoritesFirst ? { favoritesOnly: true } : {}),
  }));
  const [typed, setTyped] = useState(search.q);
  const results = useLibrarySearch(search, pageSize, open);
  const brands = useBrandChoices(open);
  const tags = useTagChoices(open);
  const id = useId();

  /** A new filter starts again on page 1. */
  const update = useCallback(
    (change: Partial<LibrarySearch>) => {
      const next = { ...search, page: 1, ...change };
      setSearch(next);
      if (rememberFilter) storeSearch(next);
    },
    [search, rememberFilter],
  );

  const applyTyped = useCallback((q: string) => update({ q }), [update]);
  useSearchAsYouType(typed, search.q, applyTyped);

  return (
    <Drawer title="Choose from Library" open={open} onClose={onClose} size={560}>
      <div className="library-filters">
        <div className="library-picker-field">
          <label htmlFor={`${id}-search`} className="library-picker-label">
            {searchLabel}
          </label>
          <Input.Search
            id={`${id}-search`}
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
          <div className="library-picker-field">
            <label htmlFor={`${id}-brand`} className="library-picker-label">
              Brand
            </label>
            <Select
              id={`${id}-brand`}
              value={search.brandId ?? ''}
              onChange={(value: string) => update({ brandId: value || null })}
              loading={brands.isPending}
              options={[
                { value: '', label: 'All brands' },
                ...(brands.data?.items ?? []).map((brand) => ({ value: brand.id, label: brand.name })),
              ]}
            />
          </div>
          <div className="library-picker-field">
            <label htmlFor={`${id}-tags`} className="library-picker-label">
              Tags
            </label>
            <Select
              id={`${id}-tags`}
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
      <LibraryResults
        results={results}
        onlyFavorites={search.favoritesOnly && !search.q && !search.brandId && search.tagIds.length === 0}
        onPick={onPick}
      />
      {results.data && results.data.total > pageSize ? (
        <Pagination
          className="library-pagination"
          current={search.page}
          pageSize={pageSize}
          total={results.data.total}
          showSizeChanger={false}
          onChange={(page) => setSearch((previous) => ({ ...previous, page }))}
        />
      ) : null}
    </Drawer>
  );
}
