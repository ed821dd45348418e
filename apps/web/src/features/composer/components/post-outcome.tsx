import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import {
  isPostEditable,
  networkNames,
  targetStatusLabels,
  type PostStatus,
  type PublishTarget,
  type ScheduledPost,
} from '@fitpost/contract';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText } from '@/lib/api-client';
import { formatZoned } from '@/lib/zoned-time';
import { isDue, isGoingOut } from '@/lib/api/posts/get-post';
import { useNow } from '../hooks/use-now';
import { useRetryTarget } from '@/lib/api/posts/retry-target';
import { NetworkIcon } from '@/components/network-icon';
import { socialSettingsPath } from './network-picker';

const headings: Record<PostStatus, string> = {
  draft: 'Draft saved',
  scheduled: 'Scheduled',
  publishing: 'Publishing…',
  posted: 'Posted',
  partly_posted: 'Partly posted',
  failed: 'Not posted',
  cancelled: 'Canceled',
};

type Tone = 'done' | 'failed' | 'warning' | 'muted' | 'busy' | 'waiting';

/** An account's state in the contract's words; a busy one (going out now) says so with "…" and a spinner. */
function targetState(target: PublishTarget, due: boolean): { label: string; tone: Tone; icon: ReactNode } {
  const busy = (status: 'publishing' | 'unknown') => ({
    label: `${targetStatusLabels[status]}…`,
    tone: 'busy' as const,
    icon: <LoadingOutlined aria-hidden="true" />,
  });
  const label = targetStatusLabels[target.status];
  switch (target.status) {
    case 'published':
      return { label, tone: 'done', icon: <CheckCircleFilled aria-hidden="true" /> };
    case 'failed':
      return { label, tone: 'failed', icon: <CloseCircleFilled aria-hidden="true" /> };
    case 'needs_reconnect':
      return { label, tone: 'warning', icon: <ExclamationCircleFilled aria-hidden="true" /> };
    case 'cancelled':
      return { label, tone: 'muted', icon: null };
    case 'unknown':
    case 'publishing':
      return busy(target.status);
    case 'scheduled':
      return due ? busy('publishing') : { label, tone: 'waiting', icon: null };
  }
}

interface PostOutcomeProps {
  post: ScheduledPost;
  zone: string;
  onEdit: () => void;
  onCreateAnother: () => void;
}

/**
 * What happened to the post on each network: scheduled, publishing (until each target settles),
 * posted with a link to the live post, or failed with the network's reason and a Retry.
 */
export function PostOutcome({ post, zone, onEdit, onCreateAnother }: PostOutcomeProps) {
  const retry = useRetryTarget();
  const now = useNow(1000);
  const goingOut = isGoingOut(post, now);
  const due = isDue(post, now);
  return (
    <section className="panel composer-outcome" aria-labelledby="composer-outcome-title">
      <h2 id="composer-outcome-title" className="card-title">
        {/* A post due now (Post Now) is on its way out, not waiting: say so. */}
        {post.status === 'scheduled' && due ? headings.publishing : headings[post.status]}
      </h2>
      {post.status === 'scheduled' && post.scheduledAt && !due ? (
        <p>Goes out {formatZoned(post.scheduledAt, zone)}.</p>
      ) : null}
      {post.status === 'draft' ? <p>Your draft is saved. Nothing is sent until you schedule it.</p> : null}
      <div role="status" aria-live="polite" aria-busy={goingOut}>
        <ul className="outcome-targets">
          {post.targets.map((target) => {
            const state = targetState(target, due);
            const canRetry = target.status === 'failed' || target.status === 'needs_reconnect';
            return (
              <li key={target.id} className="outcome-target" data-status={target.status}>
                <span className="outcome-target-account">
                  <NetworkIcon network={target.network} /> {networkNames[target.network]} ·{' '}
                  {target.accountName}
                </span>
                <span className={`outcome-status outcome-status-${state.tone}`}>
                  {state.icon}
                  {state.label}
                </span>
                {target.status === 'published' && target.remoteUrl ? (
                  <a href={target.remoteUrl} target="_blank" rel="noreferrer">
                    View on {networkNames[target.network]}
                  </a>
                ) : null}
                {target.error && canRetry ? (
                  <span className="outcome-target-error">{target.error}</span>
                ) : null}
                {target.status === 'needs_reconnect' ? <Link to={socialSettingsPath}>Reconnect</Link> : null}
                {canRetry ? (
                  <Button
                    size="small"
                    loading={retry.isPending && retry.variables.targetId === target.id}
                    onClick={() => retry.mutate({ id: post.id, targetId: target.id })}
                    aria-label={`Retry ${networkNames[target.network]} ${target.accountName}`}
                  >
                    Retry
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
      {retry.isError ? (
        <Alert type="error" showIcon title="The retry did not start." description={errorText(retry.error)} />
      ) : null}
      <div className="composer-actions">
        {isPostEditable(post) && post.status !== 'cancelled' ? (
          <Button onClick={onEdit}>Edit Post</Button>
        ) : null}
        <Button type="primary" onClick={onCreateAnother}>
          Create Another Post
        </Button>
        <Link to="/app/posts">See all my posts</Link>
      </div>
    </section>
  );
}
