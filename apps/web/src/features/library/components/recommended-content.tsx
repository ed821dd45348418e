import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { recommendedContentQuery, useContent } from '../api/get-content';
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
  const items = content.data?.items ?? [];
  return (
    <section className="panel recommended-content" aria-labelledby="recommended-content-title">
      {messageHolder}
      <div className="recommended-content-head">
        <h2 id="recommended-content-title" className="card-title">
          Recommended for You
        </h2>
        <Link to="/app/content">Browse Library</Link>
      </div>
      {content.isPending ? (
        <PageLoader label="Loading recommended content…" />
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
          {items.map((item) => (
            <li key={item.id}>
              <ContentCard
                item={item}
                onSchedule={schedule}
                onQueue={(picked) => void queue(picked)}
                queueing={queueingId === item.id}
                onToggleFavorite={toggleFavorite}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
