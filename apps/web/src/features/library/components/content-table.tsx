import { formatCount } from '@fitpost/contract';
import { PictureOutlined } from '@ant-design/icons';
import type { ContentItem, ContentSortField } from '@fitpost/contract';
import { Empty, Tag, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/dates';
import '../library.css';
import { FitTable } from '@/components/fit-table';

export interface ContentTableState {
  page: number;
  pageSize: number;
  sort: ContentSortField;
  desc: boolean;
}

const sortableColumns: Record<string, ContentSortField> = {
  title: 'title',
  brand: 'brand',
  recommended: 'recommended',
  publishedAt: 'date',
  updatedAt: 'updated',
};

/** When the item shows in the library: its window, and whether it is open now. */
function windowCell(item: ContentItem): ReactNode {
  const from = item.activeFrom ? formatDate(item.activeFrom) : null;
  const until = item.activeUntil ? formatDate(item.activeUntil) : null;
  let range = 'Always';
  if (from && until) range = `${from} – ${until}`;
  else if (from) range = `From ${from}`;
  else if (until) range = `Until ${until}`;
  const upcoming = !item.active && item.activeFrom !== null && new Date(item.activeFrom) > new Date();
  return (
    <span className="status-cell">
      <span>{range}</span>
      {item.active ? null : upcoming ? (
        <Tag className="tag-warning">Not yet active</Tag>
      ) : (
        <Tag color="default">Expired</Tag>
      )}
    </span>
  );
}

interface ContentTableProps {
  items: ContentItem[];
  total: number;
  loading: boolean;
  emptyText: ReactNode;
  state: ContentTableState;
  onChange: (state: ContentTableState) => void;
  /** With selection: the checked rows' ids (multi-delete). */
  selectedIds?: string[];
  onSelect?: (ids: string[]) => void;
  /** The last column: the row's buttons. */
  actions: (item: ContentItem) => ReactNode;
  label: string;
  /** The order with no column sorted: 'date' (newest first), or 'updated' (last changed first). */
  defaultSort?: ContentSortField;
  /** A 'Last changed' column (the Content Repository). */
  showUpdated?: boolean;
}

/** Content in a table (Content Repository, Admin Favorites): sortable and paged on the server. */
export function ContentTable({
  items,
  total,
  loading,
  emptyText,
  state,
  onChange,
  selectedIds,
  onSelect,
  actions,
  label,
  defaultSort = 'date',
  showUpdated = false,
}: ContentTableProps) {
  const sortOrder = (field: ContentSortField): SortOrder =>
    state.sort === field ? (state.desc ? 'descend' : 'ascend') : null;

  const columns: TableProps<ContentItem>['columns'] = [
    {
      key: 'graphic',
      title: <span className="visually-hidden">Graphic</span>,
      width: 64,
      render: (_: unknown, item) =>
        item.graphicUrl ? (
          <img className="table-thumb" src={item.graphicUrl} alt="" loading="lazy" />
        ) : (
          <span className="table-thumb content-card-placeholder" aria-hidden="true">
            <PictureOutlined />
          </span>
        ),
    },
    {
      key: 'title',
      title: 'Title',
      dataIndex: 'title',
      sorter: true,
      sortOrder: sortOrder('title'),
      // The row's actions sit under its title, as in a blog's post list: a column of their own left
      // 'Schedule Auto-Post' clipped at 1280 px beside the window and date columns.
      render: (title: string, item) => (
        <span className="account-cell-text">
          <span className="account-name">{title}</span>
          {item.feed ? <span className="muted">From {item.feed.name}</span> : null}
          <span className="row-actions">{actions(item)}</span>
        </span>
      ),
    },
    {
      key: 'brand',
      title: 'Brand',
      sorter: true,
      sortOrder: sortOrder('brand'),
      render: (_: unknown, item) => item.brand?.name ?? <span className="muted">None</span>,
    },
    {
      key: 'tags',
      title: 'Tags',
      render: (_: unknown, item) =>
        item.tags.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          <span className="row-actions">
            {item.tags.map((tag) => (
              <Tag key={tag.id}>{tag.name}</Tag>
            ))}
          </span>
        ),
    },
    { key: 'window', title: 'Active', render: (_: unknown, item) => windowCell(item) },
    {
      key: 'recommended',
      title: 'Recommended',
      sorter: true,
      sortOrder: sortOrder('recommended'),
      render: (_: unknown, item) => (item.recommended ? <Tag color="blue">Recommended</Tag> : 'No'),
    },
    {
      key: 'publishedAt',
      title: 'Date',
      dataIndex: 'publishedAt',
      sorter: true,
      sortOrder: sortOrder('date'),
      render: (value: string) => formatDate(value),
    },
    ...(showUpdated
      ? [
          {
            key: 'updatedAt',
            title: 'Last changed',
            dataIndex: 'updatedAt',
            sorter: true,
            sortOrder: sortOrder('updated'),
            render: (value: string) => formatDate(value),
          },
        ]
      : []),
  ];

  const handleChange: TableProps<ContentItem>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? sortableColumns[String(single.columnKey)] : undefined;
    const sort = field ?? defaultSort;
    // No column sorted: the screen's default, newest (or last changed) first.
    const desc = field ? single?.order === 'descend' : true;
    const sortChanged = sort !== state.sort || desc !== state.desc;
    onChange({
      page: sortChanged ? 1 : (pagination.current ?? 1),
      pageSize: pagination.pageSize ?? state.pageSize,
      sort,
      desc,
    });
  };

  // Scrolls sideways in its own box rather than with antd's `scroll.x`, whose hidden measuring row
  // repeats the header (and its select-all checkbox) inside aria-hidden, which axe rightly refuses.
  return (
    <div className="table-scroll">
      <FitTable<ContentItem>
        aria-label={label}
        rowKey="id"
        columns={columns}
        dataSource={items}
        loading={loading}
        onChange={handleChange}
        rowSelection={
          onSelect
            ? {
                selectedRowKeys: selectedIds,
                onChange: (keys) => onSelect(keys.map(String)),
                getCheckboxProps: (item) => ({ 'aria-label': `Select ${item.title}` }),
                preserveSelectedRowKeys: false,
              }
            : undefined
        }
        locale={{ emptyText: <Empty description={emptyText} /> }}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total,
          showSizeChanger: true,
          showTotal: (count) => `${formatCount(count)} ${count === 1 ? 'item' : 'items'}`,
        }}
      />
    </div>
  );
}
