import { formatCount } from '@fitpost/contract';
import type { Feed } from '@fitpost/contract';
import { Button, Empty, Popconfirm, Switch, Tag, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { FeedStatus } from './feed-status';
import '../feeds.css';
import { FitTable } from '@/components/fit-table';

interface FeedsTableProps {
  feeds: Feed[];
  loading: boolean;
  label: string;
  emptyText: ReactNode;
  /** Without these the table is read-only (members' view of the system feeds). */
  onEdit?: (feed: Feed) => void;
  onSetActive?: (feed: Feed, isActive: boolean) => void;
  onDelete?: (feed: Feed) => void;
  /** The feed whose change is on its way to the server. */
  busyId?: string | null;
}

/** Content feeds with their address, whether they are fetched, the last fetch and how many items they gave. */
export function FeedsTable({
  feeds,
  loading,
  label,
  emptyText,
  onEdit,
  onSetActive,
  onDelete,
  busyId = null,
}: FeedsTableProps) {
  const editable = onEdit !== undefined;
  const columns: TableProps<Feed>['columns'] = [
    {
      key: 'name',
      title: 'Feed',
      render: (_: unknown, feed) => (
        <span className="feed-cell">
          <span className="account-name">{feed.name}</span>
          <span className="feed-url muted">{feed.url}</span>
          {feed.description ? <span className="feed-description">{feed.description}</span> : null}
        </span>
      ),
    },
    {
      key: 'active',
      title: 'Active',
      render: (_: unknown, feed) =>
        onSetActive ? (
          // The label is the switch's tap area: 40×40 px, a thumb's, around a 44×22 switch.
          <label className="switch-tap-area" htmlFor={`feed-active-${feed.id}`}>
            <Switch
              id={`feed-active-${feed.id}`}
              checked={feed.isActive}
              loading={busyId === feed.id}
              aria-label={`${feed.name} active`}
              onChange={(checked) => onSetActive(feed, checked)}
            />
          </label>
        ) : feed.isActive ? (
          <Tag className="tag-success">Active</Tag>
        ) : (
          <Tag color="default">Inactive</Tag>
        ),
    },
    { key: 'status', title: 'Last fetch', render: (_: unknown, feed) => <FeedStatus feed={feed} /> },
    {
      key: 'items',
      title: 'Items',
      dataIndex: 'itemCount',
      render: formatCount,
    },
  ];
  if (editable) {
    columns.push({
      key: 'actions',
      title: <span className="visually-hidden">Actions</span>,
      render: (_: unknown, feed) => (
        <span className="row-actions">
          <Button size="small" aria-label={`Edit ${feed.name}`} onClick={() => onEdit(feed)}>
            Edit
          </Button>
          {onDelete ? (
            <Popconfirm
              title={`Delete ${feed.name}?`}
              description="FitPost stops fetching it and removes the posts it brought into the library."
              okText="Delete"
              okButtonProps={{ danger: true }}
              cancelText="Keep"
              onConfirm={() => onDelete(feed)}
            >
              <Button size="small" danger aria-label={`Delete ${feed.name}`}>
                Delete
              </Button>
            </Popconfirm>
          ) : null}
        </span>
      ),
    });
  }

  return (
    <FitTable<Feed>
      aria-label={label}
      rowKey="id"
      columns={columns}
      dataSource={feeds}
      loading={loading}
      pagination={false}
      locale={{ emptyText: <Empty description={emptyText} /> }}
    />
  );
}
