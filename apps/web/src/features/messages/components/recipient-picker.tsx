import { messageTexts, type MessageRecipients } from '@fitpost/contract';
import { Alert, Form, Radio, Select } from 'antd';
import { errorText } from '@/lib/api-client';
import type { ComposeRecipient } from '@/lib/compose-recipients';
import { useRoles } from '@/lib/api/users/get-roles';
import { MemberSelect } from '@/components/member-select';

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

/**
 * Chosen members: the portal's users found by name or email as the admin types; `known` are
 * members already chosen elsewhere (a report), named before any search.
 */
function MemberSearch({ known }: { known?: ComposeRecipient[] | undefined }) {
  return (
    <Form.Item
      label="Members"
      name="userIds"
      rules={[{ required: true, message: 'Choose at least one member' }]}
      extra="Type a name or an email address to find members."
    >
      <MemberSelect multiple known={known} />
    </Form.Item>
  );
}

/** An admin's 'To': all members of the portal, the holders of some roles, or chosen members. */
export function RecipientPicker({ known }: { known?: ComposeRecipient[] | undefined } = {}) {
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
      {kind === 'users' ? <MemberSearch known={known} /> : null}
    </>
  );
}
