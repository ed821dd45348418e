import { PlusOutlined } from '@ant-design/icons';
import { systemUserId, type Feed } from '@fitpost/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { useStoredUser } from '@/lib/session';
import { useFeeds } from '@/lib/api/feeds/get-feeds';
import { FeedFormModal } from '../components/feed-form-modal';
import { FeedsTable } from '../components/feeds-table';
import { RefreshFeeds } from '../components/refresh-feeds';
import { useFeedActions } from '../hooks/use-feed-actions';
import '../feeds.css';
import { LoadError } from '@/components/load-error';

/** /app/manage/feeds: the portal's system feeds, whose items every member sees (admins only). */
export function AdminFeedsRoute() {
  const user = useStoredUser();
  const feeds = useFeeds({ portalid: user?.portalId, userid: systemUserId });
  const { setActive, deleteFeed, busyId, messageHolder, messageApi } = useFeedActions();
  const [editing, setEditing] = useState<{ feed: Feed | null } | null>(null);

  return (
    <>
      {messageHolder}
      <PageHeader
        title="Feeds"
        description="System feeds bring posts from your organization's blogs and partners into every member's library. FitPost fetches active feeds regularly."
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => setEditing({ feed: null })}
          >
            Add System Feed
          </Button>
        }
      />
      <div className="panel">
        {user ? <RefreshFeeds userId={user.id} /> : null}
        {feeds.isError ? (
          <LoadError
            className="form-alert"
            what="The feeds"
            error={feeds.error}
            onRetry={() => void feeds.refetch()}
          />
        ) : null}
        <FeedsTable
          label="System feeds"
          feeds={feeds.data ?? []}
          loading={feeds.isFetching}
          emptyText="No system feeds yet. Add one to bring its posts into everyone's library."
          onEdit={(feed) => setEditing({ feed })}
          onSetActive={setActive}
          onDelete={deleteFeed}
          busyId={busyId}
        />
      </div>
      <FeedFormModal
        open={editing !== null}
        feed={editing?.feed ?? null}
        system
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          void messageApi.success(editing?.feed ? `${saved.name} saved.` : `${saved.name} added.`);
          setEditing(null);
        }}
      />
    </>
  );
}
