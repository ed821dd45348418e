import { dateFormat } from '@fitpost/contract';
import { Alert, DatePicker, Form, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { errorText } from '@/lib/api-client';
import { useAddUserRole } from '@/lib/api/users/add-user-role';
import { useRoles } from '@/lib/api/users/get-roles';
import { serverFormFields } from '@/lib/form-errors';

interface AddRoleValues {
  roleId: number;
  startDate: Dayjs;
  expiryDate?: Dayjs | null;
}

interface AddRoleModalProps {
  userId: string;
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}

/** 'Choose a Role to Add' (spec §2): a role with a start date and an optional expiry. */
export function AddRoleModal({ userId, open, onClose, onAdded }: AddRoleModalProps) {
  const [form] = Form.useForm<AddRoleValues>();
  const roles = useRoles();
  const addRole = useAddUserRole();

  function handleFinish(values: AddRoleValues) {
    addRole.mutate(
      {
        userId,
        roleId: values.roleId,
        startDate: values.startDate.startOf('day').toISOString(),
        expiryDate: values.expiryDate ? values.expiryDate.startOf('day').toISOString() : null,
      },
      {
        onSuccess: () => {
          form.resetFields();
          addRole.reset();
          onAdded();
        },
        onError: (error) =>
          form.setFields(
            serverFormFields(error, { roleId: 'roleId', startDate: 'startDate', expiryDate: 'expiryDate' }),
          ),
      },
    );
  }

  function handleCancel() {
    addRole.reset();
    onClose();
  }

  return (
    <Modal
      title="Choose a Role to Add"
      open={open}
      okText="Add Role"
      onOk={() => form.submit()}
      onCancel={handleCancel}
      confirmLoading={addRole.isPending}
      destroyOnHidden
    >
      <Form<AddRoleValues>
        form={form}
        layout="vertical"
        initialValues={{ startDate: dayjs() }}
        onFinish={handleFinish}
        preserve={false}
      >
        <Form.Item label="Role" name="roleId" rules={[{ required: true, message: 'Choose a role' }]}>
          <Select
            loading={roles.isLoading}
            placeholder={roles.isError ? 'Roles could not be loaded' : 'Choose a role'}
            options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
          />
        </Form.Item>
        <Form.Item
          label="Start date"
          name="startDate"
          rules={[{ required: true, message: 'Choose a start date' }]}
        >
          <DatePicker format={dateFormat} />
        </Form.Item>
        <Form.Item
          label="Expiry date (optional)"
          name="expiryDate"
          dependencies={['startDate']}
          rules={[
            ({ getFieldValue }) => ({
              validator(_, value: Dayjs | null | undefined) {
                const start = getFieldValue('startDate') as Dayjs | undefined;
                if (!value || !start || value.isAfter(start, 'day')) return Promise.resolve();
                return Promise.reject(new Error('The expiry date must be after the start date'));
              },
            }),
          ]}
        >
          <DatePicker format={dateFormat} />
        </Form.Item>
      </Form>
      {roles.isError ? (
        <Alert type="error" showIcon title={errorText(roles.error)} className="form-alert" />
      ) : null}
      {addRole.isError ? (
        <Alert
          type="error"
          showIcon
          title="The role was not added."
          description={<span className="preserve-lines">{errorText(addRole.error)}</span>}
        />
      ) : null}
    </Modal>
  );
}
