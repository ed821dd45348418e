import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { formatCount, messages } from '@fitpost/contract';
import { recommendedContentQuery, useContent } from '@/lib/api/content/get-content';
import { useContentActions } from '../hooks/use-content-actions';
import { ContentCard } from './content-card';
import '../library.css';

/**
 * Recommended Posts on the dashboard: the portal's library content its admins marked Recommended,
 * as library cards (Schedule Post, Add to Queue, favourite), newest first.
 */
export function RecommendedContent() {
  const content = useContent(recommendedContentQuery);
  const { schedule, queue, queueingId, toggleFavorite, messageHolder } = useContentActions();
  // The cards render in a background (time-sliced) pass once the answer is in, so drawing them
  // never blocks a tap; until that pass is done the card-sized skeleton stays.
  const data = useDeferredValue(content.data);
  const items = data?.items ?? [];
  return (
    <section className="panel recommended-content" aria-labelledby="recommended-content-title">
      {messageHolder}
      <div className="recommended-content-head">
        <h2 id="recommended-content-title" className="card-title">
          Recommended for You
        </h2>
        <Link to="/app/content">{messages['page.library']}</Link>
      </div>
      {content.isPending || (content.data && !data) ? (
        <CardsSkeleton count={recommendedContentQuery.pagesize ?? 3} />
      ) : content.isError && !content.data ? (
        <LoadError
          what="Recommended content"
          error={content.error}
          onRetry={() => void content.refetch()}
          retrying={content.isFetching}
        />
      ) : items.length === 0 ? (
        <p className="empty-note">
          Nothing is recommended right now. <Link to="/app/content">Browse the library</Link> for ready-made
          posts.
        </p>
      ) : (
        <ul className="content-grid" aria-label="Recommended content">
          {items.map((item, index) => (
            <li key={item.id}>
              <ContentCard
                item={item}
                priority={index === 0}
                onSchedule={schedule}
                onQueue={(picked) => void queue(picked)}
                queueing={queueingId === item.id}
                onToggleFavorite={toggleFavorite}
              />
            </li>
          ))}
        </ul>
      )}
      {data && data.total > items.length ? (
        <p className="recommended-content-more">
          <Link to="/app/content?recommended=true">See all {formatCount(data.total)} recommended posts</Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * Card-sized blocks while the cards load: the panel takes its final height at once, so nothing
 * below it jumps when the cards arrive (layout shift).
 */
function CardsSkeleton({ count }: { count: number }) {
  return (
    <div role="status">
      <span className="visually-hidden">Loading recommended content…</span>
      <ul className="content-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <div className="content-card content-card-skeleton">
              <div className="content-card-graphic skeleton-shimmer" />
              <div className="content-card-body skeleton-shimmer" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
