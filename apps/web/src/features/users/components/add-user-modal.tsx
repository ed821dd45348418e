import type { UserUpsert } from '@fitpost/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { errorText } from '@/lib/api-client';
import { useUpsertUser } from '../api/upsert-user';
import { serverFormFields } from '@/lib/form-errors';

interface AddUserValues {
  email: string;
  fullName: string;
  accountType: string;
}

/** 'Add User': creates a user in the admin's portal (POST /api/user). */
export function AddUserModal({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const [form] = Form.useForm<AddUserValues>();
  const upsert = useUpsertUser();

  function handleFinish(values: AddUserValues) {
    const body: UserUpsert = {
      email: values.email.trim(),
      fullName: values.fullName.trim(),
      accountType: values.accountType.trim() || 'Member',
    };
    upsert.mutate(body, {
      onSuccess: () => {
        form.resetFields();
        upsert.reset();
        onAdded();
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
      title="Add User"
      open={open}
      okText="Add User"
      onOk={() => form.submit()}
      onCancel={handleCancel}
      confirmLoading={upsert.isPending}
      destroyOnHidden
    >
      <Form<AddUserValues>
        form={form}
        layout="vertical"
        initialValues={{ accountType: 'Member' }}
        onFinish={handleFinish}
        preserve={false}
      >
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Enter an email address' },
            { type: 'email', message: 'Enter a valid email address' },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Full name"
          name="fullName"
          rules={[{ required: true, whitespace: true, message: 'Enter a name' }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Account type" name="accountType">
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
      {upsert.isError ? (
        <Alert
          type="error"
          showIcon
          title="The user was not added."
          description={<span className="preserve-lines">{errorText(upsert.error)}</span>}
        />
      ) : null}
    </Modal>
  );
}
