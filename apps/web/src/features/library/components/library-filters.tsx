import type { Brand, ContentType, Tag } from '@fitpost/contract';
import { useCallback, useState } from 'react';
import { PlainButton } from '@/components/plain-controls';
import { useSearchAsYouType } from '@/lib/use-search-as-you-type';
import { isFiltered, type LibraryFilter } from '../library-filter';
import { TagFilter } from './tag-filter';
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
 * recommended and favorites. Every change starts again at page 1. Native fields with the app's own
 * CSS, not antd's: this is the first screen of a phone that opens the library (docs/architecture.md
 * §5, "The first screen on a phone").
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
  const brandName = brands.find((brand) => brand.id === filter.brandId)?.name;

  return (
    <div className="library-toolbar" role="search" aria-label="Library">
      <span className="plain-search toolbar-search">
        <input
          type="search"
          className="plain-input"
          aria-label="Search the library"
          placeholder="Search titles, captions and tags"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') change({ q: keyword.trim() });
          }}
        />
        <PlainButton variant="primary" onClick={() => change({ q: keyword.trim() })}>
          Search
        </PlainButton>
      </span>
      <select
        className="plain-select toolbar-select"
        aria-label="Brand"
        aria-busy={brandsLoading}
        // The chosen brand's whole name, where a narrow box cuts it.
        title={brandName}
        value={filter.brandId ?? ''}
        onChange={(event) => change({ brandId: event.target.value || undefined })}
      >
        <option value="">All brands</option>
        {filter.brandId && !brandName && brandsLoading ? (
          <option value={filter.brandId}>Loading…</option>
        ) : null}
        {brands.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.name}
          </option>
        ))}
      </select>
      <TagFilter
        tags={tags}
        loading={tagsLoading}
        value={filter.tagIds}
        onChange={(tagIds) => change({ tagIds })}
      />
      <select
        className="plain-select toolbar-select"
        aria-label="Type"
        value={filter.type ?? ''}
        onChange={(event) => change({ type: typeOptions.find((o) => o.value === event.target.value)?.value })}
      >
        <option value="">All types</option>
        {typeOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <label className="plain-checkbox">
        <input
          type="checkbox"
          checked={filter.recommended}
          onChange={(event) => change({ recommended: event.target.checked })}
        />
        Recommended only
      </label>
      <label className="plain-checkbox">
        <input
          type="checkbox"
          checked={filter.favorites}
          onChange={(event) => change({ favorites: event.target.checked })}
        />
        Favorites only
      </label>
      {isFiltered(filter) ? (
        <PlainButton
          variant="link"
          onClick={() => onChange({ q: '', tagIds: [], recommended: false, favorites: false, page: 1 })}
        >
          Clear filters
        </PlainButton>
      ) : null}
    </div>
  );
}
