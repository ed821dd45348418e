import { Alert, Button, Popconfirm, message } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { errorText } from '@/lib/api-client';
import { useStoredUser } from '@/lib/session';
import { formatZoned, memberTimeZone } from '@/lib/zoned-time';
import { useCancelAutoPost } from '@/lib/api/auto-posts/cancel-auto-post';
import { isInProgress, useAutoPost } from '@/lib/api/auto-posts/get-auto-post';
import { NetworkList } from '../components/network-list';
import { ProgressPanel } from '../components/progress-panel';
import { AutoPostStatusTag } from '../components/status-tag';
import { excerpt } from '../model/excerpt';
import type { SavedState } from './schedule-auto-post';
import '../autopost.css';
import { LoadError } from '@/components/load-error';

function savedNote(state: unknown): string | null {
  const saved = (state as Partial<SavedState> | null)?.saved;
  if (saved === 'scheduled') return 'The Auto-Post is scheduled.';
  if (saved === 'changed') return 'Your changes are saved.';
  return null;
}

/** /app/manage/autopost/:id: one Auto-Post and its results, updating every 2 s while it runs. */
export function AutoPostProgressRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const zone = memberTimeZone(useStoredUser());
  const detail = useAutoPost(id, { live: true });
  const cancel = useCancelAutoPost();
  const [messageApi, messageHolder] = message.useMessage();
  const note = savedNote(location.state);

  let body;
  if (detail.isPending) body = <PageLoader label="Loading the Auto-Post…" />;
  else if (detail.isError) {
    body = <LoadError what="The Auto-Post" error={detail.error} onRetry={() => void detail.refetch()} />;
  } else {
    const autoPost = detail.data;
    const live = isInProgress(autoPost);
    body = (
      <>
        {note ? <Alert className="form-alert" type="success" showIcon title={note} /> : null}
        <dl className="autopost-summary">
          <div>
            <dt>Time</dt>
            <dd>{formatZoned(autoPost.scheduledAt, zone)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <AutoPostStatusTag autoPost={autoPost} />
            </dd>
          </div>
          <div>
            <dt>Networks</dt>
            <dd>
              <NetworkList networks={autoPost.networks} />
            </dd>
          </div>
          <div>
            <dt>Post</dt>
            <dd>{excerpt(autoPost.body, 200)}</dd>
          </div>
          {autoPost.claimsAcknowledged ? (
            <div>
              <dt>Health claims</dt>
              <dd>
                {autoPost.warnings.map((w) => `“${w.phrase}”`).join(', ')}: checked by{' '}
                {autoPost.claimsAcknowledged.by.fullName}, {formatZoned(autoPost.claimsAcknowledged.at, zone)}
              </dd>
            </div>
          ) : autoPost.warnings.length > 0 ? (
            // Found after the organization changed its rules (it was saved without them): not checked yet.
            <div>
              <dt>Health claims</dt>
              <dd>
                {autoPost.warnings.map((w) => `“${w.phrase}”`).join(', ')}: not checked yet. The
                organization’s rules changed after it was scheduled, so it is held: it goes out only once an
                admin edits it and checks them.
              </dd>
            </div>
          ) : null}
          {autoPost.xVariants.length > 0 ? (
            <div>
              <dt>X caption variants</dt>
              <dd>
                {autoPost.xVariants.length}
                {autoPost.xSpreadMinutes > 0 ? `, spread over ${autoPost.xSpreadMinutes} minutes` : ''}
              </dd>
            </div>
          ) : null}
        </dl>
        <div className="row-actions">
          {autoPost.status === 'scheduled' ? (
            <Button onClick={() => void navigate(`/app/manage/autopost/${autoPost.id}/edit`)}>Edit</Button>
          ) : null}
          <Button onClick={() => void navigate(`/app/preview/auto-post/${autoPost.id}`)}>
            Preview for members
          </Button>
          {autoPost.status === 'scheduled' || autoPost.status === 'fanning_out' ? (
            <Popconfirm
              title="Cancel this Auto-Post?"
              description="Members’ posts not yet sent are canceled; those already published stay published."
              okText="Cancel Auto-Post"
              okButtonProps={{ danger: true }}
              cancelText="Keep it"
              onConfirm={() =>
                cancel.mutate(autoPost.id, {
                  onSuccess: () => void messageApi.success('The Auto-Post is canceled.'),
                  onError: (error) => void messageApi.error(errorText(error)),
                })
              }
            >
              <Button danger loading={cancel.isPending}>
                Cancel Auto-Post
              </Button>
            </Popconfirm>
          ) : null}
        </div>
        <section className="autopost-progress" aria-labelledby="autopost-progress-title" aria-busy={live}>
          <h2 id="autopost-progress-title" className="section-title">
            Progress
          </h2>
          <p className="muted" role="status">
            {live ? 'Publishing — these figures update every 2 seconds.' : null}
          </p>
          <ProgressPanel detail={autoPost} zone={zone} />
        </section>
      </>
    );
  }

  return (
    <>
      {messageHolder}
      <PageHeader
        title="Auto-Post Progress"
        actions={<Button onClick={() => void navigate('/app/manage')}>Administration Dashboard</Button>}
      />
      <div className="panel">{body}</div>
    </>
  );
}
