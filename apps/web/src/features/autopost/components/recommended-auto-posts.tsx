import { networkNames, type AutoPostChoice, type MemberAutoPost } from '@fitpost/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { PlainButton } from '@/components/plain-controls';
import { errorText } from '@/lib/api-client';
import { useStoredUser } from '@/lib/session';
import { useUpcomingAutoPosts } from '@/lib/api/auto-posts/get-upcoming-auto-posts';
import { useSetAutoPostChoice } from '@/lib/api/auto-posts/set-auto-post-choice';
import { excerpt } from '../model/excerpt';
import { formatZoned, memberTimeZone } from '@/lib/zoned-time';
import { NetworkIcon } from '@/components/network-icon';
import '../autopost.css';

// Plain markup rather than antd's Button, Tag, Alert, Skeleton and message: this panel loads with
// the dashboard, which loads no antd.
const choiceLabels: Record<AutoPostChoice, string> = {
  auto: 'Auto-Post',
  skip: 'Skipped',
  custom: 'Custom Post',
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
 * Recommended Posts' Auto-Post panel: what Auto-Post is, the organization's upcoming Auto-Posts this
 * member will receive, and per occurrence 'Skip', 'Auto-Post' or 'Custom Post'.
 */
export function RecommendedAutoPosts() {
  const navigate = useNavigate();
  const zone = memberTimeZone(useStoredUser());
  const upcoming = useUpcomingAutoPosts();
  const choose = useSetAutoPostChoice();
  const [note, setNote] = useState<{ id: string; text: string; failed: boolean } | null>(null);

  function handleChoice(item: MemberAutoPost, choice: AutoPostChoice) {
    setNote(null);
    choose.mutate(
      { id: item.id, choice },
      {
        onSuccess: (result) => {
          if (choice === 'custom' && result.customPostId) {
            void navigate(`/app/posts/post?id=${result.customPostId}`);
            return;
          }
          const text =
            choice === 'skip'
              ? 'Skipped: this one will not be posted for you.'
              : 'It will be auto-posted for you.';
          setNote({ id: item.id, text, failed: false });
        },
        onError: (error) => setNote({ id: item.id, text: errorText(error), failed: true }),
      },
    );
  }

  let body;
  if (upcoming.isPending) body = <PageLoader label="Loading upcoming Auto-Posts…" />;
  else if (upcoming.isError) {
    body = (
      <LoadError what="Upcoming Auto-Posts" error={upcoming.error} onRetry={() => void upcoming.refetch()} />
    );
  } else if (upcoming.data.length === 0) {
    body = (
      <p className="empty-note">
        <span className="empty-title">No Auto-Posts coming up</span>
        <span className="empty-text">When your organization schedules one, it appears here.</span>
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
              <PlainButton
                size="small"
                variant={choice === 'custom' ? 'primary' : 'default'}
                loading={busy && choose.variables.choice === choice}
                disabled={busy}
                aria-describedby={titleId}
                onClick={() => handleChoice(item, choice)}
              >
                {label}
              </PlainButton>
            );
          return (
            <li key={item.id}>
              <article className="autopost-occurrence" aria-labelledby={titleId}>
                {item.mediaUrl ? <img src={item.mediaUrl} alt="" className="autopost-thumb" /> : null}
                <div className="autopost-occurrence-body">
                  <h3 id={titleId} className="autopost-occurrence-title">
                    {formatZoned(item.scheduledAt, zone)}{' '}
                    <span className={`autopost-choice autopost-choice-${item.choice}`}>
                      {choiceLabels[item.choice]}
                    </span>
                  </h3>
                  <p className="autopost-occurrence-text">{excerpt(item.body, 200)}</p>
                  <Destination item={item} />
                  {open ? (
                    <span className="row-actions">
                      {action('skip', 'Skip')}
                      {action('auto', 'Auto-Post')}
                      {item.choice === 'custom' && item.customPostId ? (
                        <PlainButton
                          size="small"
                          aria-describedby={titleId}
                          onClick={() => void navigate(`/app/posts/post?id=${item.customPostId}`)}
                        >
                          Edit my post
                        </PlainButton>
                      ) : (
                        action('custom', 'Custom Post')
                      )}
                    </span>
                  ) : (
                    <p className="muted">Publishing now.</p>
                  )}
                  {note?.id === item.id && note.failed ? (
                    <p className="autopost-error" role="alert">
                      {note.text}
                    </p>
                  ) : null}
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
      <p className="visually-hidden" role="status">
        {note && !note.failed ? note.text : ''}
      </p>
      <h2 id="upcoming-member-autoposts-title" className="card-title">
        Upcoming Auto-Posts
      </h2>
      <p className="muted">
        Auto-Posts are ready-made posts your organization schedules. With Auto-Post on for an account (
        <Link to="/app/settings?tab=system-settings">System Settings</Link>), FitPost publishes them there at
        their time. Skip one, or choose Custom Post to make it your own post and change it first.
      </p>
      {body}
    </section>
  );
}
