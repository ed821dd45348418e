import { messageTexts, type MessageRecipients } from '@fitpost/contract';
import { Alert, Form, Radio, Select } from 'antd';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { useRoles } from '@/lib/api/users/get-roles';
import { useUsers } from '@/lib/api/users/get-users';

export type RecipientKind = 'all' | 'roles' | 'users';

export interface RecipientValues {
  recipients: RecipientKind;
  roleIds?: number[];
  userIds?: string[];
}

/** The form's choice as the API's `to`. */
export function recipientsOf(values: RecipientValues): MessageRecipients {
  if (values.recipients === 'roles') return { roleIds: values.roleIds ?? [] };
  if (values.recipients === 'users') return { userIds: values.userIds ?? [] };
  return { all: true };
}

/** Chosen members: the portal's users found by name or email as the admin types (GET /api/user). */
function MemberSearch() {
  const [keyword, setKeyword] = useState('');
  const users = useUsers({
    keyword: keyword || undefined,
    page: 1,
    pagesize: 20,
    sort: 'fullName',
    desc: false,
  });
  return (
    <Form.Item
      label="Members"
      name="userIds"
      rules={[{ required: true, message: 'Choose at least one member' }]}
      extra="Type a name or an email address to find members."
    >
      <Select
        mode="multiple"
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        loading={users.isFetching}
        notFoundContent={users.isError ? errorText(users.error) : 'No member matches'}
        options={(users.data?.items ?? []).map((u) => ({ value: u.id, label: `${u.fullName} <${u.email}>` }))}
      />
    </Form.Item>
  );
}

/** An admin's 'To': all members of the portal, the holders of some roles, or chosen members. */
export function RecipientPicker() {
  const kind = Form.useWatch<RecipientKind | undefined>('recipients');
  const roles = useRoles();
  return (
    <>
      <Form.Item label="To" name="recipients">
        <Radio.Group
          options={[
            { value: 'all', label: messageTexts.toAll },
            { value: 'roles', label: 'Holders of a role' },
            { value: 'users', label: 'Chosen members' },
          ]}
        />
      </Form.Item>
      {kind === 'roles' ? (
        <Form.Item
          label="Roles"
          name="roleIds"
          rules={[{ required: true, message: 'Choose at least one role' }]}
        >
          <Select
            mode="multiple"
            loading={roles.isPending}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
      ) : null}
      {kind === 'roles' && roles.isError ? (
        <Alert type="error" showIcon title={errorText(roles.error)} />
      ) : null}
      {kind === 'users' ? <MemberSearch /> : null}
    </>
  );
}
