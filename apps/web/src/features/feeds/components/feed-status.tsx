import { feedFetchStatusLabels, type Feed } from '@fitpost/contract';
import { Tag } from 'antd';
import { formatDate } from '@/lib/dates';

/** The last fetch of a feed: when, how it went, and the reason when it failed. */
export function FeedStatus({ feed }: { feed: Feed }) {
  if (feed.lastFetchedAt === null || feed.lastStatus === null) {
    return <span className="muted">Not fetched yet</span>;
  }
  const when = formatDate(feed.lastFetchedAt);
  const failed = feed.lastStatus === 'error';
  return (
    <span className="status-cell">
      <Tag {...(failed ? { color: 'error' } : { className: 'tag-success' })}>
        {feedFetchStatusLabels[feed.lastStatus]}
      </Tag>
      <span className="muted">{when}</span>
      {failed && feed.lastError ? (
        <span className="status-reason" role="note">
          {feed.lastError}
        </span>
      ) : null}
    </span>
  );
}
