import type { Brand, ContentType, Tag } from '@fitpost/contract';
import { Button, Checkbox, Input, Select } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchAsYouType } from '@/lib/use-search-as-you-type';
import { isFiltered, type LibraryFilter } from '../library-filter';
import '../library.css';

const typeOptions: { value: ContentType; label: string }[] = [
  { value: 'library', label: 'Library' },
  { value: 'feed', label: 'From feeds' },
];

interface LibraryFiltersProps {
  filter: LibraryFilter;
  onChange: (filter: LibraryFilter) => void;
  brands: Brand[];
  brandsLoading: boolean;
  /** Searchable tags only: the ones members may filter by. */
  tags: Tag[];
  tagsLoading: boolean;
}

/**
 * Browse Library's search box (searching as the member types) and filters: brand, tags, type,
 * recommended and favorites. Every change starts again at page 1.
 */
export function LibraryFilters({
  filter,
  onChange,
  brands,
  brandsLoading,
  tags,
  tagsLoading,
}: LibraryFiltersProps) {
  // The box holds what is typed; the filter follows once typing pauses (or at once on Enter).
  const [keyword, setKeyword] = useState(filter.q);
  // …but follows the filter when it changes from outside (Clear filters).
  const [appliedKeyword, setAppliedKeyword] = useState(filter.q);
  if (filter.q !== appliedKeyword) {
    setAppliedKeyword(filter.q);
    setKeyword(filter.q);
  }

  const change = (patch: Partial<LibraryFilter>) => onChange({ ...filter, ...patch, page: 1 });
  const applyKeyword = useCallback((q: string) => onChange({ ...filter, q, page: 1 }), [filter, onChange]);
  useSearchAsYouType(keyword, filter.q, applyKeyword);

  return (
    <div className="library-toolbar" role="search" aria-label="Library">
      <Input.Search
        aria-label="Search the library"
        placeholder="Search titles, captions and tags"
        allowClear
        enterButton="Search"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        onSearch={(value) => change({ q: value.trim() })}
        className="toolbar-search"
      />
      <Select<string>
        aria-label="Brand"
        placeholder="All brands"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={brandsLoading}
        value={filter.brandId}
        onChange={(brandId) => change({ brandId })}
        options={brands.map((brand) => ({ value: brand.id, label: brand.name }))}
        className="toolbar-select"
      />
      <Select<string[]>
        aria-label="Tags"
        mode="multiple"
        placeholder="Any tag"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={tagsLoading}
        value={filter.tagIds}
        onChange={(tagIds) => change({ tagIds })}
        options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
        maxTagCount="responsive"
        className="toolbar-select"
      />
      <Select<ContentType>
        aria-label="Type"
        placeholder="All types"
        allowClear
        value={filter.type}
        onChange={(type) => change({ type })}
        options={typeOptions}
        className="toolbar-select"
      />
      <Checkbox
        checked={filter.recommended}
        onChange={(event) => change({ recommended: event.target.checked })}
      >
        Recommended only
      </Checkbox>
      <Checkbox checked={filter.favorites} onChange={(event) => change({ favorites: event.target.checked })}>
        Favorites only
      </Checkbox>
      {isFiltered(filter) ? (
        <Button
          type="link"
          onClick={() => onChange({ q: '', tagIds: [], recommended: false, favorites: false, page: 1 })}
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
