import { libraryMessages, type ContentItem, type ContentPage } from '@fitpost/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import { LoadError } from '@/components/load-error';

interface LibraryResultsProps {
  results: UseQueryResult<ContentPage>;
  /** Nothing narrows the search but the favourites toggle: an empty list then means no favourites yet. */
  onlyFavorites: boolean;
  onPick: (item: ContentItem) => void;
}

/** One page of library items, or why there is none. */
export function LibraryResults({ results, onlyFavorites, onPick }: LibraryResultsProps) {
  if (results.isPending) return <Skeleton active />;
  if (results.isError) {
    return <LoadError what="The library" error={results.error} onRetry={() => void results.refetch()} />;
  }
  const items = results.data.items;
  if (items.length === 0) {
    return (
      <Empty description={onlyFavorites ? libraryMessages.emptyFavorites : libraryMessages.emptyResults} />
    );
  }
  return (
    <ul className="library-results" aria-label="Library content" aria-busy={results.isFetching}>
      {items.map((item) => (
        <li key={item.id} className="library-result">
          {item.graphicUrl ? <img src={item.graphicUrl} alt="" className="library-result-image" /> : null}
          <div className="library-result-body">
            <h3 className="library-result-title">{item.title}</h3>
            {item.brand ? <span className="library-picker-hint">{item.brand.name}</span> : null}
            {/* The whole caption, clamped by CSS: what is picked is exactly what the list shows. */}
            <p className="library-result-caption">{item.body}</p>
            {item.tags.length > 0 ? (
              <p className="library-picker-hint">{item.tags.map((tag) => `#${tag.name}`).join(' ')}</p>
            ) : null}
            <Button type="primary" size="small" onClick={() => onPick(item)} aria-label={`Use ${item.title}`}>
              Use this content
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
