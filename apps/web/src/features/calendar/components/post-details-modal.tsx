import {
  isPostCancellable,
  isPostEditable,
  networkNames,
  targetStatusLabels,
  type CalendarPost,
} from '@fitpost/contract';
import { Alert, Button, Modal, Skeleton, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { errorText } from '@/lib/api-client';
import { formatZoned } from '@/lib/zoned-time';
import { usePost } from '@/lib/api/posts/get-post';
import { useCancelPost } from '@/lib/api/posts/cancel-post';
import { CancelPostConfirm } from '@/components/cancel-post-confirm';
import { postTitle, statusLooks, type PostEntry } from '../calendar-entries';
import { NetworkIcon } from '@/components/network-icon';
import { RescheduleForm } from './reschedule-form';
import { StatusIcon } from './status-icon';

interface PostDetailsModalProps {
  entry: PostEntry | null;
  timeZone: string;
  onClose: () => void;
  /** `post` was moved to `when` (from the form here, the keyboard's way to do what a drag does). */
  onMoved: (post: CalendarPost, when: Date) => void;
  /** The post was canceled here. */
  onCancelled: () => void;
}

/** A post's details from the calendar: status, time, text, each account's outcome; Edit, Cancel post and Move. */
export function PostDetailsModal({ entry, timeZone, onClose, onMoved, onCancelled }: PostDetailsModalProps) {
  const navigate = useNavigate();
  const post = entry?.post ?? null;
  const full = usePost(post?.id ?? null);
  const cancel = useCancelPost();
  const look = post ? statusLooks[post.status] : null;

  const actions = post ? (
    <>
      {isPostCancellable(post) ? (
        <CancelPostConfirm onConfirm={() => cancel.mutate(post.id, { onSuccess: () => onCancelled() })}>
          <Button danger loading={cancel.isPending}>
            Cancel post
          </Button>
        </CancelPostConfirm>
      ) : null}
      {isPostEditable(post) ? (
        <Button
          type="primary"
          onClick={() => {
            onClose();
            void navigate(`/app/posts/post?id=${encodeURIComponent(post.id)}`);
          }}
        >
          Edit
        </Button>
      ) : null}
    </>
  ) : null;
  const footer = post && (isPostCancellable(post) || isPostEditable(post)) ? actions : null;

  return (
    <Modal open={post !== null} title="Post details" footer={footer} onCancel={onClose} destroyOnHidden>
      {post && look ? (
        <div className="post-details">
          <p>
            <Tag color={look.color} icon={<StatusIcon status={post.status} />}>
              {look.label}
            </Tag>
            <span>{formatZoned(post.scheduledAt, timeZone)}</span>
          </p>
          {full.isPending ? (
            <Skeleton active paragraph={{ rows: 2 }} title={false} />
          ) : full.isError ? (
            <Alert
              type="error"
              showIcon
              title="The post's details did not load."
              description={errorText(full.error)}
            />
          ) : (
            <p className="post-details-body">{full.data.body || postTitle(post)}</p>
          )}
          <h3 className="card-title">Accounts</h3>
          <ul className="post-details-targets">
            {(full.data?.targets ?? post.targets.map((target) => ({ ...target, error: null }))).map(
              (target) => (
                <li key={target.id}>
                  <NetworkIcon network={target.network} />
                  <span>
                    {networkNames[target.network]}: {target.accountName}
                  </span>
                  <span className="muted">{targetStatusLabels[target.status]}</span>
                  {target.remoteUrl ? (
                    <a
                      href={target.remoteUrl}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`View post on ${networkNames[target.network]}`}
                    >
                      View post
                    </a>
                  ) : null}
                  {target.error ? <span className="muted">{target.error}</span> : null}
                </li>
              ),
            )}
          </ul>
          {cancel.isError ? (
            <Alert
              type="error"
              showIcon
              title="The post was not canceled."
              description={errorText(cancel.error)}
            />
          ) : null}
          <RescheduleForm
            key={post.id}
            post={post}
            timeZone={timeZone}
            onMoved={(when) => onMoved(post, when)}
          />
        </div>
      ) : null}
    </Modal>
  );
}
