import { networkNames, targetStatusLabels, type PublishTarget, type ScheduledPost } from '@fitpost/contract';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { targetStatusTags } from '../post-views';
import { NetworkIcon } from '@/components/network-icon';

interface TargetListProps {
  post: ScheduledPost;
  retrying: string | null;
  onRetry: (post: ScheduledPost, target: PublishTarget) => void;
}

/**
 * Each account the post goes to, with its own status; a link to the live post once it is out, the
 * network's reason when it failed, a retry for a failed one, and the way to reconnect an account.
 */
export function TargetList({ post, retrying, onRetry }: TargetListProps) {
  if (post.targets.length === 0) {
    return (
      <span className="muted">
        {post.connectionIds.length === 0
          ? 'No accounts chosen yet'
          : `${post.connectionIds.length} ${post.connectionIds.length === 1 ? 'account' : 'accounts'} chosen`}
      </span>
    );
  }
  return (
    <ul className="post-targets">
      {post.targets.map((target) => {
        const network = networkNames[target.network];
        const where = `${network} (${target.accountName})`;
        return (
          <li key={target.id} className="post-target">
            <NetworkIcon network={target.network} />
            <span>
              <span className="visually-hidden">{network}: </span>
              {target.accountName}
            </span>
            <Tag className={targetStatusTags[target.status]}>{targetStatusLabels[target.status]}</Tag>
            {target.remoteUrl ? (
              <a href={target.remoteUrl} target="_blank" rel="noopener noreferrer">
                View on {network}
                <span className="visually-hidden"> ({target.accountName}, opens in a new tab)</span>
              </a>
            ) : null}
            {target.status === 'needs_reconnect' ? (
              <Link to="/app/settings?tab=social-platforms">
                Reconnect<span className="visually-hidden"> {where}</span>
              </Link>
            ) : null}
            {target.status === 'failed' || target.status === 'needs_reconnect' ? (
              <Button
                size="small"
                loading={retrying === target.id}
                aria-label={`Retry on ${where}`}
                onClick={() => onRetry(post, target)}
              >
                Retry
              </Button>
            ) : null}
            {target.error && target.status !== 'published' ? (
              <span className="post-target-error">{target.error}</span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
