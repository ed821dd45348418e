import { PlusOutlined } from '@ant-design/icons';
import { paging, type UserSummary } from '@fitpost/contract';
import { Button, Input, Select, message } from 'antd';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { useStoredUser } from '@/lib/session';
import { useRoles } from '@/lib/api/users/get-roles';
import { useUsers } from '@/lib/api/users/get-users';
import { UserDetailsModal } from '../components/user-details-modal';
import { UserRolesDrawer } from '../components/user-roles-drawer';
import { UsersTable, type UsersTableState } from '../components/users-table';
import { LoadError } from '@/components/load-error';

/** /app/manage/users: the portal's users and their roles (admins only). */
export function UsersRoute() {
  const portalId = useStoredUser()?.portalId;
  const [messageApi, messageHolder] = message.useMessage();
  const [keyword, setKeyword] = useState('');
  const [roleId, setRoleId] = useState<number | undefined>(undefined);
  const [table, setTable] = useState<UsersTableState>({
    page: 1,
    pageSize: paging.defaultPageSize,
    sort: 'fullName',
    desc: false,
  });
  const [addOpen, setAddOpen] = useState(false);
  const [rolesOf, setRolesOf] = useState<UserSummary | null>(null);
  const [editing, setEditing] = useState<UserSummary | null>(null);

  const roles = useRoles();
  const users = useUsers({
    portalid: portalId,
    keyword: keyword || undefined,
    roleid: roleId,
    page: table.page,
    pagesize: table.pageSize,
    sort: table.sort,
    desc: table.desc,
  });

  return (
    <>
      {messageHolder}
      <PageHeader
        title="Users"
        description="Everyone in your portal, their access to FitPost and their roles."
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAddOpen(true)}>
            Add User
          </Button>
        }
      />
      <div className="panel">
        <div className="toolbar" role="search">
          <Input.Search
            aria-label="Search users"
            placeholder="Search by name or email"
            allowClear
            enterButton="Search"
            onSearch={(value) => {
              setKeyword(value.trim());
              setTable((state) => ({ ...state, page: 1 }));
            }}
            className="toolbar-search"
          />
          <Select<number>
            aria-label="Filter by role"
            placeholder="All roles"
            allowClear
            loading={roles.isLoading}
            value={roleId}
            onChange={(value) => {
              setRoleId(value);
              setTable((state) => ({ ...state, page: 1 }));
            }}
            options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
            className="toolbar-select"
          />
        </div>
        {users.isError ? (
          <LoadError
            className="form-alert"
            what="Users"
            error={users.error}
            onRetry={() => void users.refetch()}
          />
        ) : null}
        <UsersTable
          users={users.data?.items ?? []}
          total={users.data?.total ?? 0}
          loading={users.isFetching}
          filtered={keyword !== '' || roleId !== undefined}
          state={table}
          onChange={setTable}
          onManageRoles={setRolesOf}
          onEdit={setEditing}
        />
      </div>
      <UserDetailsModal
        open={addOpen}
        onClose={() => setAddOpen(false)}
        onSaved={() => {
          setAddOpen(false);
          void messageApi.success('User added.');
        }}
      />
      {editing ? (
        <UserDetailsModal
          key={editing.id}
          user={editing}
          open
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void messageApi.success('Details saved.');
          }}
        />
      ) : null}
      {rolesOf ? <UserRolesDrawer user={rolesOf} onClose={() => setRolesOf(null)} /> : null}
    </>
  );
}
