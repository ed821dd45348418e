import { formatCount } from '@fitpost/contract';
import type { Tag as LibraryTag } from '@fitpost/contract';
import { Empty, Tag, type TableProps } from 'antd';
import { formatDate } from '@/lib/dates';
import type { TagSortField } from '@/lib/api/library/get-tags';
import { FitTable } from '@/components/fit-table';

export interface TagsTableState {
  page: number;
  pageSize: number;
  sort: TagSortField;
  desc: boolean;
}

const sortableColumns: Record<string, TagSortField> = {
  name: 'name',
  contentCount: 'contentCount',
  createdAt: 'createdAt',
};

interface TagsTableProps {
  tags: LibraryTag[];
  total: number;
  loading: boolean;
  filtered: boolean;
  state: TagsTableState;
  onChange: (state: TagsTableState) => void;
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
}

/** The portal's tags with a checkbox each: the Tags screen's actions work on the checked ones. */
export function TagsTable({
  tags,
  total,
  loading,
  filtered,
  state,
  onChange,
  selectedIds,
  onSelect,
}: TagsTableProps) {
  const sortOrder = (field: TagSortField) =>
    state.sort === field ? (state.desc ? 'descend' : 'ascend') : null;

  const columns: TableProps<LibraryTag>['columns'] = [
    { key: 'name', title: 'Name', dataIndex: 'name', sorter: true, sortOrder: sortOrder('name') },
    {
      key: 'searchable',
      title: 'Searchable',
      dataIndex: 'searchable',
      render: (searchable: boolean) =>
        searchable ? (
          <Tag className="tag-success">Searchable</Tag>
        ) : (
          <Tag color="default">Not searchable</Tag>
        ),
    },
    {
      key: 'contentCount',
      title: 'Content',
      dataIndex: 'contentCount',
      sorter: true,
      sortOrder: sortOrder('contentCount'),
      render: formatCount,
    },
    {
      key: 'createdAt',
      title: 'Added',
      dataIndex: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: (value: string) => formatDate(value),
    },
  ];

  const handleChange: TableProps<LibraryTag>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? sortableColumns[String(single.columnKey)] : undefined;
    const sort = field ?? 'name';
    const desc = field ? single?.order === 'descend' : false;
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
      <FitTable<LibraryTag>
        aria-label="Tags"
        rowKey="id"
        columns={columns}
        dataSource={tags}
        loading={loading}
        onChange={handleChange}
        rowSelection={{
          selectedRowKeys: selectedIds,
          onChange: (keys) => onSelect(keys.map(String)),
          getCheckboxProps: (tag) => ({ 'aria-label': `Select ${tag.name}` }),
        }}
        locale={{
          emptyText: <Empty description={filtered ? 'No tags match your search.' : 'No tags yet.'} />,
        }}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total,
          showSizeChanger: true,
          showTotal: (count) => `${count} ${count === 1 ? 'tag' : 'tags'}`,
        }}
      />
    </div>
  );
}
