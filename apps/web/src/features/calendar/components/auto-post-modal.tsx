import { CheckOutlined, EditOutlined, MinusCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { networkNames, type AutoPostChoice } from '@fitpost/contract';
import { Alert, Button, Modal, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '@/lib/api-client';
import { formatZoned } from '@/lib/zoned-time';
import { useSetAutoPostChoice } from '@/lib/api/auto-posts/set-auto-post-choice';
import { autoPostLook, type AutoPostEntry } from '../calendar-entries';
import { AutoPostIcon } from './auto-post-icon';
import { NetworkIcon } from '@/components/network-icon';

/** What each choice means for this member, said where the choice is shown. */
const choiceTexts: Record<Exclude<AutoPostChoice, 'custom'>, string> = {
  auto: 'Auto-Post — FitPost publishes it on the accounts above at its time.',
  skip: 'Skipped — nothing is posted for you.',
};

interface AutoPostModalProps {
  entry: AutoPostEntry | null;
  timeZone: string;
  onClose: () => void;
  /** The member kept it automatic or skipped it; the modal has closed. */
  onChosen: (choice: 'auto' | 'skip') => void;
}

/**
 * An Auto-Post's details from the calendar (spec §2, Calendar: buttons 'Auto-Post' and 'Custom
 * Post'): its time, text and the member's accounts it goes to, their current choice, and 'Auto-Post'
 * (keep it automatic), 'Custom Post' (make it their own post, opened in the composer) or 'Skip this
 * one'. A refusal from the server (it started publishing) is shown here.
 */
export function AutoPostModal({ entry, timeZone, onClose, onChosen }: AutoPostModalProps) {
  const navigate = useNavigate();
  const choose = useSetAutoPostChoice();
  const autoPost = entry?.autoPost ?? null;
  // Once its fan-out has started the server refuses any change: say so instead of offering buttons.
  const open = autoPost?.status === 'scheduled';

  function close() {
    choose.reset();
    onClose();
  }

  function handleChoice(choice: AutoPostChoice) {
    if (!autoPost) return;
    if (choice === autoPost.choice) {
      close();
      return;
    }
    choose.mutate(
      { id: autoPost.id, choice },
      {
        onSuccess: (result) => {
          choose.reset();
          onClose();
          if (result.choice === 'custom' && result.customPostId) {
            void navigate(`/app/posts/post?id=${encodeURIComponent(result.customPostId)}`);
          } else if (result.choice !== 'custom') {
            onChosen(result.choice);
          }
        },
      },
    );
  }

  function choiceButton(choice: AutoPostChoice, label: string, icon: ReactNode) {
    const current = autoPost?.choice === choice;
    const busy = choose.isPending && choose.variables.choice === choice;
    return (
      <Button
        key={choice}
        type={choice === 'custom' ? 'primary' : 'default'}
        icon={current ? <CheckOutlined aria-hidden="true" /> : icon}
        aria-pressed={choice === 'custom' ? undefined : current}
        loading={busy}
        disabled={choose.isPending && !busy}
        onClick={() => handleChoice(choice)}
      >
        {label}
      </Button>
    );
  }

  const footer = open
    ? [
        choiceButton('skip', 'Skip this one', <MinusCircleOutlined aria-hidden="true" />),
        choiceButton('auto', 'Auto-Post', <ThunderboltOutlined aria-hidden="true" />),
        choiceButton('custom', 'Custom Post', <EditOutlined aria-hidden="true" />),
      ]
    : null;

  const look = autoPost ? autoPostLook(autoPost) : null;
  return (
    <Modal
      open={autoPost !== null}
      title="Auto-Post details"
      footer={footer}
      onCancel={close}
      destroyOnHidden
    >
      {autoPost && look ? (
        <div className="post-details">
          <p>
            {/* antd's filled Tag writes in the colour on a pale tint of it: the dark one of each look. */}
            <Tag
              color={autoPost.choice === 'skip' ? look.textColor : look.color}
              icon={<AutoPostIcon choice={autoPost.choice} />}
            >
              {look.label}
            </Tag>
            <span>{formatZoned(autoPost.scheduledAt, timeZone)}</span>
          </p>
          <p className="muted">
            Your organization scheduled this post for its members. Keep it as an Auto-Post, choose Custom Post
            to make it your own post and change it before it goes out, or skip this one.
          </p>
          {autoPost.mediaUrl ? (
            <img className="auto-post-graphic" src={autoPost.mediaUrl} alt="The Auto-Post's graphic" />
          ) : null}
          {autoPost.body.trim() ? <p className="post-details-body">{autoPost.body}</p> : null}
          {autoPost.link ? (
            <p>
              <a href={autoPost.link} target="_blank" rel="noreferrer">
                {autoPost.link}
              </a>
            </p>
          ) : null}
          {autoPost.choice === 'skip' ? null : (
            <>
              <h3 className="card-title">Goes to</h3>
              <ul className="post-details-targets">
                {autoPost.accounts.map((account) => (
                  <li key={account.connectionId}>
                    <NetworkIcon network={account.network} />
                    <span>
                      {networkNames[account.network]}: {account.accountName}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {autoPost.choice === 'custom' ? null : (
            <p className="auto-post-choice">
              <strong>Your choice:</strong> {choiceTexts[autoPost.choice]}
            </p>
          )}
          {open ? null : (
            <Alert
              type="info"
              showIcon
              title="This Auto-Post is being published now; it can no longer be changed."
            />
          )}
          {choose.isError ? (
            <Alert
              className="form-alert"
              type="error"
              showIcon
              role="alert"
              title="Your choice was not saved."
              description={errorText(choose.error)}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
