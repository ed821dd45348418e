import { networkNames, type AutoPostChoice, type MemberAutoPost } from '@fitpost/contract';
import { Alert, Button, Skeleton, Tag, message } from 'antd';
import { Link, useNavigate } from 'react-router';
import { errorText } from '@/lib/api-client';
import { useStoredUser } from '@/lib/session';
import { formatZoned, memberTimeZone } from '@/lib/zoned-time';
import { useUpcomingAutoPosts } from '../api/get-upcoming';
import { useSetAutoPostChoice } from '../api/set-choice';
import { excerpt } from '../model/excerpt';
import { NetworkIcon } from './network-icon';
import '../autopost.css';

const choiceTags: Record<AutoPostChoice, { text: string; className?: string; color?: string }> = {
  auto: { text: 'Auto-Post', color: 'blue' },
  skip: { text: 'Skipped' },
  custom: { text: 'Custom Post', className: 'tag-success' },
};

/** Where one occurrence goes, in words, for this member and their choice. */
function Destination({ item }: { item: MemberAutoPost }) {
  if (item.choice === 'skip')
    return <p className="muted">You skipped this one: nothing is posted for you.</p>;
  if (item.choice === 'custom') {
    return <p className="muted">You made this your own Custom Post; it goes out as you set it, not twice.</p>;
  }
  if (item.accounts.length === 0) {
    return (
      <p className="muted">
        Not going to any of your accounts: turn on Auto-Post in{' '}
        <Link to="/app/settings?tab=system-settings">System Settings</Link>.
      </p>
    );
  }
  return (
    <ul className="autopost-destinations" aria-label="Goes to">
      {item.accounts.map((account) => (
        <li key={account.connectionId} className="network-label">
          <NetworkIcon network={account.network} />
          <span>
            {account.accountName} <span className="muted">({networkNames[account.network]})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Recommended Posts' Auto-Post panel: what Auto-Post is, the organisation's upcoming Auto-Posts this
 * member will receive, and per occurrence 'Skip', 'Auto-Post' or 'Custom Post'.
 */
export function RecommendedAutoPosts() {
  const navigate = useNavigate();
  const zone = memberTimeZone(useStoredUser());
  const upcoming = useUpcomingAutoPosts();
  const choose = useSetAutoPostChoice();
  const [messageApi, messageHolder] = message.useMessage();

  function handleChoice(item: MemberAutoPost, choice: AutoPostChoice) {
    choose.mutate(
      { id: item.id, choice },
      {
        onSuccess: (result) => {
          if (choice === 'custom' && result.customPostId) {
            void navigate(`/app/posts/post?id=${result.customPostId}`);
          } else {
            void messageApi.success(
              choice === 'skip'
                ? 'Skipped: this one will not be posted for you.'
                : 'It will be auto-posted for you.',
            );
          }
        },
        onError: (error) => void messageApi.error(errorText(error)),
      },
    );
  }

  let body;
  if (upcoming.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (upcoming.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title="Upcoming Auto-Posts could not be loaded."
        description={errorText(upcoming.error)}
        action={<Button onClick={() => void upcoming.refetch()}>Try Again</Button>}
      />
    );
  } else if (upcoming.data.length === 0) {
    body = (
      <p className="empty-note">
        <span className="empty-title">No Auto-Posts coming up</span>
        <span className="empty-text">When your organisation schedules one, it appears here.</span>
      </p>
    );
  } else {
    body = (
      <ul className="autopost-occurrences">
        {upcoming.data.map((item) => {
          const titleId = `autopost-occurrence-${item.id}`;
          const busy = choose.isPending && choose.variables.id === item.id;
          const open = item.status === 'scheduled';
          const action = (choice: AutoPostChoice, label: string) =>
            item.choice === choice ? null : (
              <Button
                size="small"
                type={choice === 'custom' ? 'primary' : 'default'}
                loading={busy && choose.variables.choice === choice}
                disabled={busy}
                aria-describedby={titleId}
                onClick={() => handleChoice(item, choice)}
              >
                {label}
              </Button>
            );
          return (
            <li key={item.id}>
              <article className="autopost-occurrence" aria-labelledby={titleId}>
                {item.mediaUrl ? <img src={item.mediaUrl} alt="" className="autopost-thumb" /> : null}
                <div className="autopost-occurrence-body">
                  <h3 id={titleId} className="autopost-occurrence-title">
                    {formatZoned(item.scheduledAt, zone)}{' '}
                    <Tag color={choiceTags[item.choice].color} className={choiceTags[item.choice].className}>
                      {choiceTags[item.choice].text}
                    </Tag>
                  </h3>
                  <p className="autopost-occurrence-text">{excerpt(item.body, 200)}</p>
                  <Destination item={item} />
                  {open ? (
                    <span className="row-actions">
                      {action('skip', 'Skip')}
                      {action('auto', 'Auto-Post')}
                      {item.choice === 'custom' && item.customPostId ? (
                        <Button
                          size="small"
                          aria-describedby={titleId}
                          onClick={() => void navigate(`/app/posts/post?id=${item.customPostId}`)}
                        >
                          Edit my post
                        </Button>
                      ) : (
                        action('custom', 'Custom Post')
                      )}
                    </span>
                  ) : (
                    <p className="muted">Publishing now.</p>
                  )}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="panel autopost-recommended" aria-labelledby="upcoming-member-autoposts-title">
      {messageHolder}
      <h2 id="upcoming-member-autoposts-title" className="card-title">
        Upcoming Auto-Posts
      </h2>
      <p className="muted">
        Auto-Posts are ready-made posts your organisation schedules. With Auto-Post on for an account (
        <Link to="/app/settings?tab=system-settings">System Settings</Link>), FitPost publishes them there at
        their time. Skip one, or choose Custom Post to make it your own post and change it first.
      </p>
      {body}
    </section>
  );
}
