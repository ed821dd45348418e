import type { ContentItem, ContentPage } from '@fitpost/contract';
import type { ReactNode } from 'react';
import { PageLoader } from '@/components/page-loader';
import { PlainEmpty } from '@/components/plain-empty';
import { PlainPagination } from '@/components/plain-pagination';
import { ContentCard } from './content-card';
import '../library.css';
import { LoadError } from '@/components/load-error';

interface ContentGridProps {
  /** The page shown; undefined while the first one loads. */
  data: ContentPage | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
  /** What to say when nothing matches: the empty state's content. */
  empty: ReactNode;
  onPageChange: (page: number) => void;
  onSchedule: (item: ContentItem) => void;
  onQueue?: (item: ContentItem) => void;
  /** The item being added to the queue, if any. */
  queueingId?: string | null;
  onToggleFavorite: (item: ContentItem) => void;
  /** Names the list for screen readers, e.g. "Library content". */
  label: string;
}

/** A page of content cards with its loading, error and empty states and paging. */
export function ContentGrid({
  data,
  isPending,
  isFetching,
  error,
  onRetry,
  empty,
  onPageChange,
  onSchedule,
  onQueue,
  queueingId,
  onToggleFavorite,
  label,
}: ContentGridProps) {
  if (isPending) return <PageLoader label="Loading content…" />;
  if (error && !data) {
    return <LoadError what="The content" error={error} onRetry={onRetry} retrying={isFetching} />;
  }
  if (!data || data.items.length === 0) return <PlainEmpty>{empty}</PlainEmpty>;

  return (
    <>
      <ul className="content-grid" aria-label={label} aria-busy={isFetching}>
        {data.items.map((item) => (
          <li key={item.id}>
            <ContentCard
              item={item}
              onSchedule={onSchedule}
              onQueue={onQueue}
              queueing={queueingId === item.id}
              onToggleFavorite={onToggleFavorite}
            />
          </li>
        ))}
      </ul>
      {data.total > data.pageSize ? (
        <nav className="grid-pagination" aria-label={`${label} pages`}>
          <PlainPagination
            current={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onChange={onPageChange}
          />
        </nav>
      ) : null}
    </>
  );
}
