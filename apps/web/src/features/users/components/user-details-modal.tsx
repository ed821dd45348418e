import { userFieldLabels, type UserSummary, type UserUpsert } from '@fitpost/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { errorText } from '@/lib/api-client';
import { useUpsertUser } from '@/lib/api/users/upsert-user';
import { serverFormFields } from '@/lib/form-errors';

interface UserDetailsValues {
  email: string;
  fullName: string;
  accountType: string;
}

/**
 * A user's details (full name, email, account type): 'Add User' creates one in the admin's portal
 * (POST /api/user); given a `user`, 'Edit <name>' changes theirs (PUT /api/user/{id}, which the
 * organisation's change log records). The picture is kept as it is.
 */
export function UserDetailsModal({
  user,
  open,
  onClose,
  onSaved,
}: {
  user?: UserSummary | undefined;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<UserDetailsValues>();
  const upsert = useUpsertUser();
  const title = user ? `Edit ${user.fullName}` : 'Add User';

  function handleFinish(values: UserDetailsValues) {
    const body: UserUpsert = {
      ...(user ? { id: user.id, thumbnailUrl: user.thumbnailUrl } : {}),
      email: values.email.trim(),
      fullName: values.fullName.trim(),
      accountType: values.accountType.trim() || 'Member',
    };
    upsert.mutate(body, {
      onSuccess: () => {
        form.resetFields();
        upsert.reset();
        onSaved();
      },
      onError: (error) =>
        form.setFields(
          serverFormFields(error, { email: 'email', fullName: 'fullName', accountType: 'accountType' }),
        ),
    });
  }

  function handleCancel() {
    upsert.reset();
    onClose();
  }

  return (
    <Modal
      title={title}
      open={open}
      okText={user ? 'Save' : 'Add User'}
      onOk={() => form.submit()}
      onCancel={handleCancel}
      confirmLoading={upsert.isPending}
      destroyOnHidden
    >
      <Form<UserDetailsValues>
        form={form}
        layout="vertical"
        initialValues={
          user
            ? { email: user.email, fullName: user.fullName, accountType: user.accountType }
            : { accountType: 'Member' }
        }
        onFinish={handleFinish}
        preserve={false}
      >
        <Form.Item
          label={userFieldLabels.email}
          name="email"
          rules={[
            { required: true, message: 'Enter an email address' },
            { type: 'email', message: 'Enter a valid email address' },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={userFieldLabels.fullName}
          name="fullName"
          rules={[{ required: true, whitespace: true, message: 'Enter a name' }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={userFieldLabels.accountType} name="accountType">
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
      {upsert.isError ? (
        <Alert
          type="error"
          showIcon
          title={user ? 'The details were not saved.' : 'The user was not added.'}
          description={<span className="preserve-lines">{errorText(upsert.error)}</span>}
        />
      ) : null}
    </Modal>
  );
}
