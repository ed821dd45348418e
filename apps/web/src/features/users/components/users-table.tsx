import type { UserSummary } from '@fitpost/contract';
import { Button, Empty, Space, Tag, type TableProps } from 'antd';
import { formatDate } from '@/lib/dates';
import type { UserSortField } from '@/lib/api/users/get-users';
import { FitTable } from '@/components/fit-table';

export interface UsersTableState {
  page: number;
  pageSize: number;
  sort: UserSortField;
  desc: boolean;
}

interface UsersTableProps {
  users: UserSummary[];
  total: number;
  loading: boolean;
  filtered: boolean;
  state: UsersTableState;
  onChange: (state: UsersTableState) => void;
  onManageRoles: (user: UserSummary) => void;
  onEdit: (user: UserSummary) => void;
}

const sortableColumns: Record<string, UserSortField> = {
  fullName: 'fullName',
  email: 'email',
  lastSignInAt: 'lastSignInAt',
};

/** The portal's users: sortable by name, email and last sign-in; paged on the server. */
export function UsersTable({
  users,
  total,
  loading,
  filtered,
  state,
  onChange,
  onManageRoles,
  onEdit,
}: UsersTableProps) {
  const sortOrder = (field: UserSortField) =>
    state.sort === field ? (state.desc ? 'descend' : 'ascend') : null;

  const columns: TableProps<UserSummary>['columns'] = [
    {
      key: 'fullName',
      title: 'Name',
      dataIndex: 'fullName',
      sorter: true,
      sortOrder: sortOrder('fullName'),
    },
    { key: 'email', title: 'Email', dataIndex: 'email', sorter: true, sortOrder: sortOrder('email') },
    { key: 'accountType', title: 'Account type', dataIndex: 'accountType' },
    {
      key: 'admin',
      title: 'Admin',
      dataIndex: 'fitPostAdminAccess',
      render: (isAdmin: boolean) => (isAdmin ? <Tag color="blue">Admin</Tag> : 'No'),
    },
    {
      key: 'access',
      title: 'Access',
      dataIndex: 'hasAccess',
      render: (hasAccess: boolean) =>
        hasAccess ? <Tag className="tag-success">Active</Tag> : <Tag color="default">No access</Tag>,
    },
    {
      key: 'lastSignInAt',
      title: 'Last sign-in',
      dataIndex: 'lastSignInAt',
      sorter: true,
      sortOrder: sortOrder('lastSignInAt'),
      render: (value: string | null) => (value ? formatDate(value) : 'Never'),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">Actions</span>,
      render: (_: unknown, user) => (
        <Space wrap>
          <Button size="large" onClick={() => onEdit(user)} aria-label={`Edit ${user.fullName}`}>
            Edit
          </Button>
          <Button size="large" onClick={() => onManageRoles(user)} aria-label={`Roles of ${user.fullName}`}>
            Roles
          </Button>
        </Space>
      ),
    },
  ];

  const handleChange: TableProps<UserSummary>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? sortableColumns[String(single.columnKey)] : undefined;
    const sort = field ?? 'fullName';
    const desc = field ? single?.order === 'descend' : false;
    const sortChanged = sort !== state.sort || desc !== state.desc;
    onChange({
      page: sortChanged ? 1 : (pagination.current ?? 1),
      pageSize: pagination.pageSize ?? state.pageSize,
      sort,
      desc,
    });
  };

  return (
    <FitTable<UserSummary>
      rowKey="id"
      columns={columns}
      dataSource={users}
      loading={loading}
      onChange={handleChange}
      locale={{
        emptyText: <Empty description={filtered ? 'No users match your search.' : 'No users yet.'} />,
      }}
      pagination={{
        current: state.page,
        pageSize: state.pageSize,
        total,
        showSizeChanger: true,
        showTotal: (count) => `${count} ${count === 1 ? 'user' : 'users'}`,
      }}
    />
  );
}
