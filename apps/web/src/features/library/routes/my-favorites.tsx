import { libraryMessages } from '@fitpost/contract';
import { Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useFavorites } from '@/lib/api/content/get-favorites';
import { ContentGrid } from '../components/content-grid';
import { useContentActions } from '../hooks/use-content-actions';
import '../library.css';

const favoritesPerPage = 24;

/** /app/saved: My Favorites — the content the member saved with the heart on a card. */
export function MyFavoritesRoute() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const { schedule, queue, queueingId, toggleFavorite, messageHolder } = useContentActions();
  const favorites = useFavorites({ q: keyword || undefined, page, pagesize: favoritesPerPage });
  // Taking out the last favourite of a later page leaves it empty: show the page before.
  if (page > 1 && favorites.data?.items.length === 0 && !favorites.isFetching) setPage(page - 1);

  return (
    <>
      {messageHolder}
      <PageHeader
        title="My Favorites"
        description="Content you saved from the library, ready to schedule whenever you are."
      />
      <div className="panel">
        <div className="library-toolbar" role="search" aria-label="My Favorites">
          <Input.Search
            aria-label="Search my favorites"
            placeholder="Search titles, captions and tags"
            allowClear
            enterButton="Search"
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage(1);
            }}
            className="toolbar-search"
          />
        </div>
        <ContentGrid
          label="My favorites"
          data={favorites.data}
          isPending={favorites.isPending}
          isFetching={favorites.isFetching}
          error={favorites.error}
          onRetry={() => void favorites.refetch()}
          empty={
            keyword !== '' ? (
              `${libraryMessages.emptyResults}.`
            ) : (
              <>
                <strong className="empty-title">{libraryMessages.emptyFavorites}</strong>
                <span className="empty-text">
                  Choose the heart on any card in the <Link to="/app/content">library</Link> to keep it here.
                </span>
              </>
            )
          }
          onPageChange={setPage}
          onSchedule={schedule}
          onQueue={(item) => void queue(item)}
          queueingId={queueingId}
          onToggleFavorite={toggleFavorite}
        />
      </div>
    </>
  );
}
