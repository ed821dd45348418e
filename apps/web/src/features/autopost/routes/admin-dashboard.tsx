import { HeartOutlined, PlusOutlined, SearchOutlined, EditOutlined } from '@ant-design/icons';
import { autoPostImportWords, messages, type AutoPost } from '@fitpost/contract';
import { Button, message } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { errorText } from '@/lib/api-client';
import { useStoredUser } from '@/lib/session';
import { memberTimeZone, zoneLabel } from '@/lib/zoned-time';
import { useCancelAutoPost } from '@/lib/api/auto-posts/cancel-auto-post';
import { useAutoPosts } from '@/lib/api/auto-posts/get-auto-posts';
import { UpcomingAutoPostsTable } from '../components/upcoming-auto-posts-table';
import '../autopost.css';
import { LoadError } from '@/components/load-error';
import { addContentPath } from '@/lib/app-paths';

/** Auto-Posts that ran in the last day stay listed, so their progress is one click away. */
const recentWindowMs = 24 * 60 * 60_000;

/** /app/manage: the Administration Dashboard (spec §2), admins only. */
export function AdminDashboardRoute() {
  const navigate = useNavigate();
  const zone = memberTimeZone(useStoredUser());
  const [messageApi, messageHolder] = message.useMessage();
  // Fixed for the visit, so the query key stays the same between renders.
  const [from] = useState(() => new Date(Date.now() - recentWindowMs).toISOString());
  const autoPosts = useAutoPosts(from);
  const cancel = useCancelAutoPost();

  function handleCancel(autoPost: AutoPost) {
    cancel.mutate(autoPost.id, {
      onSuccess: () => void messageApi.success('The Auto-Post is canceled.'),
      onError: (error) => void messageApi.error(errorText(error)),
    });
  }

  return (
    <>
      {messageHolder}
      <PageHeader
        title="Administration Dashboard"
        description="Create content for your members, find content to post, and schedule Auto-Posts: FitPost publishes each one to the connected accounts of every member who opted in."
      />
      <nav className="admin-actions" aria-label="Administration shortcuts">
        <Button
          type="primary"
          icon={<EditOutlined aria-hidden="true" />}
          onClick={() => void navigate('/app/posts/post')}
        >
          {messages['action.compose']}
        </Button>
        <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => void navigate(addContentPath)}>
          {messages['action.addContent']}
        </Button>
        <Button icon={<SearchOutlined aria-hidden="true" />} onClick={() => void navigate('/app/content')}>
          {messages['action.findContent']}
        </Button>
        <Button
          icon={<HeartOutlined aria-hidden="true" />}
          onClick={() => void navigate('/app/manage/saved')}
        >
          {messages['page.adminFavorites']}
        </Button>
      </nav>
      <section className="panel" aria-labelledby="upcoming-autoposts-title">
        <div className="tab-header">
          <h2 id="upcoming-autoposts-title" className="section-title">
            Upcoming Scheduled Auto-Posts
          </h2>
          <span className="row-actions">
            <Button onClick={() => void navigate('/app/manage/autopost/import')}>
              {autoPostImportWords.title}
            </Button>
            <Button type="primary" onClick={() => void navigate('/app/manage/autopost')}>
              {messages['action.scheduleAutoPost']}
            </Button>
          </span>
        </div>
        <p className="muted">Times are in your time zone: {zoneLabel(zone)}.</p>
        {autoPosts.isPending ? (
          <PageLoader label="Loading Auto-Posts…" />
        ) : autoPosts.isError ? (
          <LoadError what="The Auto-Posts" error={autoPosts.error} onRetry={() => void autoPosts.refetch()} />
        ) : autoPosts.data.length === 0 ? (
          <p className="empty-note">
            <span className="empty-title">No Auto-Posts scheduled</span>
            <span className="empty-text">
              Schedule one from the library, and FitPost publishes it for every member who opted in.
            </span>
          </p>
        ) : (
          <UpcomingAutoPostsTable
            autoPosts={autoPosts.data}
            zone={zone}
            cancelling={cancel.isPending ? (cancel.variables ?? null) : null}
            onCancel={handleCancel}
            onOpen={(autoPost, view) =>
              void navigate(`/app/manage/autopost/${autoPost.id}${view === 'edit' ? '/edit' : ''}`)
            }
          />
        )}
      </section>
    </>
  );
}
