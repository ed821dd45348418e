import type { AutoPost } from '@fitpost/contract';
import { Button, Popconfirm, type TableProps } from 'antd';
import { formatZoned } from '@/lib/zoned-time';
import { excerpt } from '../model/excerpt';
import { NetworkList } from './network-list';
import { AutoPostStatusTag } from './status-tag';
import { FitTable } from '@/components/fit-table';

interface UpcomingAutoPostsTableProps {
  autoPosts: AutoPost[];
  /** The admin's time zone: every time is shown in it. */
  zone: string;
  cancelling: string | null;
  onCancel: (autoPost: AutoPost) => void;
  onOpen: (autoPost: AutoPost, view: 'edit' | 'progress') => void;
}

/** "the Auto-Post of 3/8/2026 9:00 AM", so each row's buttons have names of their own. */
function rowName(autoPost: AutoPost, zone: string): string {
  return `the Auto-Post of ${formatZoned(autoPost.scheduledAt, zone)}`;
}

/** The admin dashboard's Auto-Posts: time, content, networks, status, and Edit / Cancel / View progress. */
export function UpcomingAutoPostsTable({
  autoPosts,
  zone,
  cancelling,
  onCancel,
  onOpen,
}: UpcomingAutoPostsTableProps) {
  const columns: TableProps<AutoPost>['columns'] = [
    {
      key: 'time',
      title: 'Time',
      render: (_: unknown, autoPost) => formatZoned(autoPost.scheduledAt, zone),
    },
    {
      key: 'content',
      title: 'Content',
      render: (_: unknown, autoPost) => (
        <span className="autopost-excerpt">
          {autoPost.mediaUrl ? (
            <img src={autoPost.mediaUrl} alt="" className="autopost-thumb" loading="lazy" />
          ) : null}
          <span>{excerpt(autoPost.body)}</span>
        </span>
      ),
    },
    {
      key: 'networks',
      title: 'Networks',
      render: (_: unknown, autoPost) => <NetworkList networks={autoPost.networks} />,
    },
    {
      key: 'status',
      title: 'Status',
      render: (_: unknown, autoPost) => <AutoPostStatusTag autoPost={autoPost} />,
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">Actions</span>,
      render: (_: unknown, autoPost) => {
        const name = rowName(autoPost, zone);
        const cancellable = autoPost.status === 'scheduled' || autoPost.status === 'fanning_out';
        return (
          <span className="row-actions">
            {autoPost.status === 'scheduled' ? (
              <Button size="small" aria-label={`Edit ${name}`} onClick={() => onOpen(autoPost, 'edit')}>
                Edit
              </Button>
            ) : null}
            {cancellable ? (
              <Popconfirm
                title="Cancel this Auto-Post?"
                description={
                  autoPost.status === 'scheduled'
                    ? 'Nothing of it will be sent to members.'
                    : 'Members’ posts not yet sent are canceled; those already published stay published.'
                }
                okText="Cancel Auto-Post"
                okButtonProps={{ danger: true }}
                cancelText="Keep it"
                onConfirm={() => onCancel(autoPost)}
              >
                <Button
                  size="small"
                  danger
                  loading={cancelling === autoPost.id}
                  aria-label={`Cancel ${name}`}
                >
                  Cancel
                </Button>
              </Popconfirm>
            ) : null}
            <Button
              size="small"
              aria-label={`View progress of ${name}`}
              onClick={() => onOpen(autoPost, 'progress')}
            >
              View progress
            </Button>
          </span>
        );
      },
    },
  ];

  return <FitTable<AutoPost> rowKey="id" columns={columns} dataSource={autoPosts} pagination={false} />;
}
