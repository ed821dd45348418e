import { PlusOutlined } from '@ant-design/icons';
import { userFieldLabels, userPropertyShown, type RoleAssignment, type UserSummary } from '@fitpost/contract';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Popconfirm,
  Table,
  Tag,
  message,
  type TableProps,
} from 'antd';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useUser } from '@/lib/api/users/get-user';
import { useUserProperties } from '@/lib/api/users/get-user-properties';
import { useUserRoles } from '@/lib/api/users/get-user-roles';
import { useRemoveUserRole } from '@/lib/api/users/remove-user-role';
import { AddRoleModal } from './add-role-modal';

interface UserRolesDrawerProps {
  user: UserSummary;
  onClose: () => void;
}

/** One user's details, role assignments (with Add Role and remove) and properties. */
export function UserRolesDrawer({ user, onClose }: UserRolesDrawerProps) {
  const [messageApi, messageHolder] = message.useMessage();
  const [addOpen, setAddOpen] = useState(false);
  const details = useUser(user.id);
  const roles = useUserRoles(user.id);
  const properties = useUserProperties(user.id);
  const removeRole = useRemoveUserRole();
  const current = details.data ?? user;
  // By their names ("Time zone"), never raw keys; what FitPost keeps for itself is not shown.
  const shownProperties = properties.data?.flatMap((property) => {
    const shown = userPropertyShown(property);
    return shown ? [{ name: property.name, ...shown }] : [];
  });

  const columns: TableProps<RoleAssignment>['columns'] = [
    { key: 'role', title: 'Role', dataIndex: 'roleName' },
    { key: 'start', title: 'Start', dataIndex: 'startDate', render: (value: string) => formatDate(value) },
    {
      key: 'expiry',
      title: 'Expiry',
      dataIndex: 'expiryDate',
      render: (value: string | null) => (value ? formatDate(value) : 'No expiry'),
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'active',
      render: (active: boolean) => (active ? <Tag className="tag-success">Active</Tag> : <Tag>Inactive</Tag>),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">Actions</span>,
      render: (_: unknown, assignment) => (
        <Popconfirm
          title={`Remove the ${assignment.roleName} role?`}
          okText="Remove"
          onConfirm={() =>
            removeRole.mutate(
              { userId: user.id, roleId: assignment.roleId },
              {
                onSuccess: () => void messageApi.success('Role removed.'),
                onError: (error) => void messageApi.error(errorText(error)),
              },
            )
          }
        >
          <Button size="small" danger aria-label={`Remove the ${assignment.roleName} role`}>
            Remove
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Drawer title={`${user.fullName}: roles`} open onClose={onClose} size="large" destroyOnHidden>
      {messageHolder}
      <section aria-labelledby="user-details-title" className="drawer-section">
        <h2 id="user-details-title" className="section-title">
          Details
        </h2>
        {details.isError ? <Alert type="error" showIcon title={errorText(details.error)} /> : null}
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'email', label: userFieldLabels.email, children: current.email },
            { key: 'type', label: userFieldLabels.accountType, children: current.accountType },
            { key: 'access', label: 'FitPost access', children: current.hasAccess ? 'Active' : 'No access' },
            { key: 'admin', label: 'Admin', children: current.fitPostAdminAccess ? 'Yes' : 'No' },
            {
              key: 'lastSignIn',
              label: 'Last sign-in',
              children: current.lastSignInAt ? formatDate(current.lastSignInAt) : 'Never',
            },
          ]}
        />
      </section>

      <section aria-labelledby="user-roles-title" className="drawer-section">
        <div className="tab-header">
          <h2 id="user-roles-title" className="section-title">
            Roles
          </h2>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAddOpen(true)}>
            Add Role
          </Button>
        </div>
        {roles.isError ? (
          <Alert
            type="error"
            showIcon
            title={errorText(roles.error)}
            action={
              <Button size="small" onClick={() => void roles.refetch()}>
                Retry
              </Button>
            }
          />
        ) : (
          <Table<RoleAssignment>
            size="small"
            rowKey={(assignment) => `${assignment.roleId}-${assignment.startDate}`}
            columns={columns}
            dataSource={roles.data ?? []}
            loading={roles.isLoading}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description="No roles assigned." /> }}
          />
        )}
      </section>

      <section aria-labelledby="user-properties-title" className="drawer-section">
        <h2 id="user-properties-title" className="section-title">
          Properties
        </h2>
        {properties.isError ? <Alert type="error" showIcon title={errorText(properties.error)} /> : null}
        {properties.isLoading ? <p className="muted">Loading…</p> : null}
        {shownProperties?.length === 0 ? <p className="muted">No properties set.</p> : null}
        {shownProperties && shownProperties.length > 0 ? (
          <Descriptions
            column={1}
            size="small"
            items={shownProperties.map(({ name, label, value }) => ({ key: name, label, children: value }))}
          />
        ) : null}
      </section>

      <AddRoleModal
        userId={user.id}
        open={addOpen}
        onClose={() => setAddOpen(false)}
        onAdded={() => {
          setAddOpen(false);
          void messageApi.success('Role added.');
        }}
      />
    </Drawer>
  );
}
