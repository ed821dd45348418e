import type { Feed } from '@fitpost/contract';
import { Tag } from 'antd';
import { formatDate } from '@/lib/dates';

/** The last fetch of a feed: when, how it went, and the reason when it failed. */
export function FeedStatus({ feed }: { feed: Feed }) {
  if (feed.lastFetchedAt === null || feed.lastStatus === null) {
    return <span className="muted">Not fetched yet</span>;
  }
  const when = formatDate(feed.lastFetchedAt);
  return (
    <span className="status-cell">
      {feed.lastStatus === 'error' ? (
        <Tag color="error">Failed</Tag>
      ) : feed.lastStatus === 'not_modified' ? (
        <Tag className="tag-success">Up to date</Tag>
      ) : (
        <Tag className="tag-success">OK</Tag>
      )}
      <span className="muted">{when}</span>
      {feed.lastStatus === 'error' && feed.lastError ? (
        <span className="status-reason" role="note">
          {feed.lastError}
        </span>
      ) : null}
    </span>
  );
}
