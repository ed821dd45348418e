import { postStatusLabels, type PublishTarget, type ScheduledPost } from '@fitpost/contract';
import { Button, Empty, Popconfirm, Tag, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { formatZoned } from '@/lib/zoned-time';
import { allowedActions, postStatusTags } from '../post-views';
import { CancelPostConfirm } from '@/components/cancel-post-confirm';
import { TargetList } from './target-list';
import { FitTable } from '@/components/fit-table';

export type PostAction = 'edit' | 'reschedule' | 'duplicate' | 'cancel' | 'remove';

/** Which action is under way on which post or target, for the buttons' spinners. */
export interface Busy {
  postId: string | null;
  action: PostAction | null;
  targetId: string | null;
}

interface PostsTableProps {
  posts: ScheduledPost[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  timeZone: string;
  busy: Busy;
  empty: ReactNode;
  onPage: (page: number, pageSize: number) => void;
  onAction: (action: PostAction, post: ScheduledPost) => void;
  onRetry: (post: ScheduledPost, target: PublishTarget) => void;
}

const bodyPreviewLength = 220;

/** The post's text as the list shows it: whole characters, cut with an ellipsis when long. */
function preview(body: string): string {
  const characters = Array.from(body.trim());
  return characters.length > bodyPreviewLength
    ? `${characters.slice(0, bodyPreviewLength).join('').trimEnd()}…`
    : characters.join('');
}

/** A short name for the post in buttons' accessible names: its first words. */
function postName(post: ScheduledPost): string {
  const words = post.body.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'post with a graphic';
  return `“${words.slice(0, 6).join(' ')}${words.length > 6 ? '…' : ''}”`;
}

/** The member's posts: when, what, where (each account's status) and what can be done with each. */
export function PostsTable(props: PostsTableProps) {
  const { posts, total, page, pageSize, loading, timeZone, busy, empty, onPage, onAction, onRetry } = props;
  const isBusy = (post: ScheduledPost, action: PostAction) =>
    busy.postId === post.id && busy.action === action;

  const columns: TableProps<ScheduledPost>['columns'] = [
    {
      key: 'when',
      title: 'When',
      render: (_: unknown, post) =>
        post.scheduledAt ? (
          <span className="post-when">
            {post.status === 'draft' ? 'Planned: ' : ''}
            {formatZoned(post.scheduledAt, timeZone)}
          </span>
        ) : (
          <span className="muted">No time set</span>
        ),
    },
    {
      key: 'post',
      title: 'Post',
      render: (_: unknown, post) => (
        <>
          <p className="post-body">{preview(post.body) || <span className="muted">(graphic only)</span>}</p>
          {post.mediaId || post.link ? (
            <span className="post-meta">
              {[post.mediaId ? 'With a graphic' : null, post.link ? `Link: ${post.link}` : null]
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'accounts',
      title: 'Accounts',
      render: (_: unknown, post) => <TargetList post={post} retrying={busy.targetId} onRetry={onRetry} />,
    },
    {
      key: 'status',
      title: 'Status',
      render: (_: unknown, post) => {
        return <Tag className={postStatusTags[post.status]}>{postStatusLabels[post.status]}</Tag>;
      },
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">Actions</span>,
      render: (_: unknown, post) => {
        const allowed = allowedActions(post);
        const name = postName(post);
        return (
          <span className="row-actions">
            {allowed.edit ? (
              <Button size="small" aria-label={`Edit ${name}`} onClick={() => onAction('edit', post)}>
                Edit
              </Button>
            ) : null}
            {allowed.reschedule ? (
              <Button
                size="small"
                aria-label={`Reschedule ${name}`}
                onClick={() => onAction('reschedule', post)}
              >
                Reschedule
              </Button>
            ) : null}
            <Button
              size="small"
              aria-label={`Duplicate ${name}`}
              loading={isBusy(post, 'duplicate')}
              onClick={() => onAction('duplicate', post)}
            >
              Duplicate
            </Button>
            {allowed.cancel ? (
              <CancelPostConfirm onConfirm={() => onAction('cancel', post)}>
                <Button size="small" danger aria-label={`Cancel ${name}`} loading={isBusy(post, 'cancel')}>
                  Cancel
                </Button>
              </CancelPostConfirm>
            ) : null}
            {allowed.remove ? (
              <Popconfirm
                title="Delete this post?"
                description="It is removed from your lists and calendar for good."
                okText="Delete"
                okButtonProps={{ danger: true }}
                cancelText="Keep it"
                onConfirm={() => onAction('remove', post)}
              >
                <Button size="small" danger aria-label={`Delete ${name}`} loading={isBusy(post, 'remove')}>
                  Delete
                </Button>
              </Popconfirm>
            ) : null}
          </span>
        );
      },
    },
  ];

  return (
    <FitTable<ScheduledPost>
      rowKey="id"
      columns={columns}
      dataSource={posts}
      loading={loading}
      locale={{ emptyText: <Empty description={empty} /> }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        showTotal: (count) => `${count} ${count === 1 ? 'post' : 'posts'}`,
        onChange: onPage,
      }}
    />
  );
}
