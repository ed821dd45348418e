import { PlusOutlined } from '@ant-design/icons';
import type { Feed } from '@fitpost/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { PageLoader } from '@/components/page-loader';
import { useStoredUser } from '@/lib/session';
import { useFeeds } from '@/lib/api/feeds/get-feeds';
import { useFeedActions } from '../hooks/use-feed-actions';
import { FeedFormModal } from './feed-form-modal';
import { FeedsTable } from './feeds-table';
import { RefreshFeeds } from './refresh-feeds';
import '../feeds.css';
import { LoadError } from '@/components/load-error';

/**
 * Settings › Content Feeds: the member's own feeds (add, edit, deactivate, delete), the portal's
 * system feeds (read-only) and 'Refresh Feed Data'. Items from a member's feeds appear in their
 * library only; system feeds' items in everyone's.
 */
export function ContentFeedsPanel() {
  const user = useStoredUser();
  const feeds = useFeeds({ portalid: user?.portalId });
  const { setActive, deleteFeed, busyId, messageHolder, messageApi } = useFeedActions();
  const [editing, setEditing] = useState<{ feed: Feed | null } | null>(null);

  const own = feeds.data?.filter((feed) => !feed.isSystem) ?? [];
  const system = feeds.data?.filter((feed) => feed.isSystem) ?? [];

  let tables;
  if (feeds.isPending) {
    tables = <PageLoader label="Loading your feeds…" />;
  } else if (feeds.isError) {
    tables = (
      <LoadError
        what="Your feeds"
        error={feeds.error}
        onRetry={() => void feeds.refetch()}
        retrying={feeds.isFetching}
      />
    );
  } else {
    tables = (
      <>
        <section className="feed-section" aria-labelledby="my-feeds-title">
          <div className="tab-header">
            <h3 id="my-feeds-title" className="card-title">
              My Feeds
            </h3>
            <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ feed: null })}>
              Add Feed
            </Button>
          </div>
          <FeedsTable
            label="My feeds"
            feeds={own}
            loading={feeds.isFetching}
            emptyText={
              <>
                <strong className="empty-title">You have no feeds of your own yet</strong>
                <span className="empty-text">
                  Add the RSS, Atom or JSON feed of a blog or site you like: its new posts appear in your
                  library, ready to schedule.
                </span>
              </>
            }
            onEdit={(feed) => setEditing({ feed })}
            onSetActive={setActive}
            onDelete={deleteFeed}
            busyId={busyId}
          />
        </section>
        <section className="feed-section" aria-labelledby="system-feeds-title">
          <h3 id="system-feeds-title" className="card-title">
            Feeds from your organization
          </h3>
          <p className="muted">
            Your organization manages these; their posts appear in everyone&rsquo;s library.
          </p>
          <FeedsTable
            label="Feeds from your organization"
            feeds={system}
            loading={feeds.isFetching}
            emptyText="Your organization has no feeds."
          />
        </section>
      </>
    );
  }

  return (
    <section aria-labelledby="content-feeds-title">
      {messageHolder}
      <h2 id="content-feeds-title" className="section-title">
        Content Feeds
      </h2>
      <p className="muted">
        FitPost reads these feeds regularly and adds their new posts to your library. Refresh to fetch them
        now.
      </p>
      {user ? <RefreshFeeds userId={user.id} /> : null}
      {tables}
      <FeedFormModal
        open={editing !== null}
        feed={editing?.feed ?? null}
        system={false}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          void messageApi.success(
            editing?.feed
              ? `${saved.name} saved.`
              : `${saved.name} added. FitPost fetches it shortly; Refresh Feed Data fetches it now.`,
          );
          setEditing(null);
        }}
      />
    </section>
  );
}
