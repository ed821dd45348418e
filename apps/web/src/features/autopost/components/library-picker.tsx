import { libraryMessages, type ContentItem } from '@fitpost/contract';
import { Alert, Button, Drawer, Empty, Input, Pagination, Radio, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '@/lib/api-client';
import { libraryPageSize, useLibrarySearch, type LibrarySearch } from '../api/search-library';
import { excerpt } from '../model/excerpt';

interface LibraryPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (item: ContentItem) => void;
}

/** Search the portal's library (or the admin's favourites) and schedule an Auto-Post from an item. */
export function LibraryPicker({ open, onClose, onPick }: LibraryPickerProps) {
  const [search, setSearch] = useState<LibrarySearch>({ q: '', favoritesOnly: false, page: 1 });
  const [typed, setTyped] = useState('');
  const results = useLibrarySearch(search, open);

  // Search as the admin types, once they pause.
  useEffect(() => {
    if (typed === search.q) return undefined;
    const timer = window.setTimeout(() => setSearch((s) => ({ ...s, q: typed, page: 1 })), 350);
    return () => window.clearTimeout(timer);
  }, [typed, search.q]);

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
          search.favoritesOnly && !search.q ? libraryMessages.emptyFavorites : libraryMessages.emptyResults
        }
      />
    );
  } else {
    list = (
      <ul className="autopost-library" aria-label="Library content" aria-busy={results.isFetching}>
        {items.map((item) => (
          <li key={item.id} className="autopost-library-item">
            {item.graphicUrl ? <img src={item.graphicUrl} alt="" className="autopost-library-image" /> : null}
            <div className="autopost-library-body">
              <h3 className="autopost-library-title">{item.title}</h3>
              {item.brand ? <span className="muted">{item.brand.name}</span> : null}
              <p className="autopost-library-caption">{excerpt(item.body, 160)}</p>
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
    <Drawer title="Choose from Library" open={open} onClose={onClose} size={520}>
      <div className="autopost-library-filters">
        <label htmlFor="autopost-library-search" className="autopost-label">
          Search the library
        </label>
        <Input.Search
          id="autopost-library-search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={(value) => {
            setTyped(value);
            setSearch((s) => ({ ...s, q: value, page: 1 }));
          }}
          placeholder="Title, caption or tag"
          allowClear
        />
        <Radio.Group
          aria-label="Show"
          value={search.favoritesOnly ? 'favorites' : 'all'}
          onChange={(event) =>
            setSearch((s) => ({ ...s, favoritesOnly: event.target.value === 'favorites', page: 1 }))
          }
          optionType="button"
          options={[
            { value: 'all', label: 'All content' },
            { value: 'favorites', label: 'My Favorites' },
          ]}
        />
      </div>
      {list}
      {results.data && results.data.total > libraryPageSize ? (
        <Pagination
          className="autopost-pagination"
          current={search.page}
          pageSize={libraryPageSize}
          total={results.data.total}
          showSizeChanger={false}
          onChange={(page) => setSearch((s) => ({ ...s, page }))}
        />
      ) : null}
    </Drawer>
  );
}
