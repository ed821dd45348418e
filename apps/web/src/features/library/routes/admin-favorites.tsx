import { HeartFilled } from '@ant-design/icons';
import { libraryMessages, paging } from '@fitpost/contract';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { useFavorites } from '@/lib/api/content/get-favorites';
import { ContentTable, type ContentTableState } from '../components/content-table';
import { useContentActions } from '../hooks/use-content-actions';
import { LoadError } from '@/components/load-error';

/**
 * /app/manage/saved: Admin Favorites — the admin's own favourites as a table, including items
 * outside their active window (which members cannot see), so they can be found and scheduled.
 */
export function AdminFavoritesRoute() {
  const { schedule, toggleFavorite, messageHolder } = useContentActions();
  const [keyword, setKeyword] = useState('');
  const [table, setTable] = useState<ContentTableState>({
    page: 1,
    pageSize: paging.defaultPageSize,
    sort: 'date',
    desc: true,
  });
  const favorites = useFavorites({
    q: keyword || undefined,
    include: 'all',
    page: table.page,
    pagesize: table.pageSize,
    sort: table.sort,
    desc: table.desc,
  });

  return (
    <>
      {messageHolder}
      <PageHeader
        title="Admin Favorites"
        description="Content you saved with the heart, including items outside their active window."
      />
      <div className="panel">
        <div className="toolbar" role="search" aria-label="Admin Favorites">
          <Input.Search
            aria-label="Search favorites"
            placeholder="Search titles, captions and tags"
            allowClear
            enterButton="Search"
            onSearch={(value) => {
              setKeyword(value.trim());
              setTable((state) => ({
                ...state,
                page: 1,
                sort: value.trim() ? 'relevance' : 'date',
                desc: true,
              }));
            }}
            className="toolbar-search"
          />
        </div>
        {favorites.isError ? (
          <LoadError
            className="form-alert"
            what="Your favorites"
            error={favorites.error}
            onRetry={() => void favorites.refetch()}
          />
        ) : null}
        <ContentTable
          label="Favorites"
          items={favorites.data?.items ?? []}
          total={favorites.data?.total ?? 0}
          loading={favorites.isFetching}
          emptyText={keyword ? `${libraryMessages.emptyResults}.` : `${libraryMessages.emptyFavorites}.`}
          state={table}
          onChange={setTable}
          actions={(item) => (
            <>
              <Button
                size="small"
                type="primary"
                aria-label={`Schedule Post: ${item.title}`}
                onClick={() => schedule(item)}
              >
                Schedule Post
              </Button>
              <Button
                size="small"
                icon={<HeartFilled aria-hidden="true" />}
                aria-label={`Remove ${item.title} from favorites`}
                onClick={() => toggleFavorite(item)}
              >
                Remove
              </Button>
            </>
          )}
        />
      </div>
    </>
  );
}
