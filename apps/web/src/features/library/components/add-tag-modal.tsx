import { libraryLimits, libraryMessages, type Tag } from '@fitpost/contract';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { errorText } from '@/lib/api-client';
import { useUpsertTag } from '@/lib/api/library/upsert-tag';
import { serverFormFields } from '@/lib/form-errors';
import { maxLengthRule } from '@/lib/form-rules';

interface AddTagValues {
  name: string;
  searchable: boolean;
}

/** 'Add a Tag': a new tag of the admin's portal (POST /api/tag). */
export function AddTagModal({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (tag: Tag) => void;
}) {
  const [form] = Form.useForm<AddTagValues>();
  const upsert = useUpsertTag();

  function handleFinish(values: AddTagValues) {
    upsert.mutate(
      { name: values.name.trim(), searchable: values.searchable },
      {
        onSuccess: (tag) => {
          form.resetFields();
          upsert.reset();
          onAdded(tag);
        },
        onError: (error) => form.setFields(serverFormFields(error, { name: 'name' })),
      },
    );
  }

  function handleCancel() {
    upsert.reset();
    onClose();
  }

  return (
    <Modal
      title="Add a Tag"
      open={open}
      okText="Add Tag"
      onOk={() => form.submit()}
      onCancel={handleCancel}
      confirmLoading={upsert.isPending}
      destroyOnHidden
    >
      <Form<AddTagValues>
        form={form}
        layout="vertical"
        initialValues={{ name: '', searchable: true }}
        onFinish={handleFinish}
        preserve={false}
      >
        <Form.Item
          label="Name"
          name="name"
          rules={[
            { required: true, whitespace: true, message: libraryMessages.tagNameRequired },
            maxLengthRule('name', libraryLimits.tagNameMaxLength),
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="searchable"
          valuePropName="checked"
          extra="Members can filter the library by searchable tags."
        >
          <Checkbox>Searchable</Checkbox>
        </Form.Item>
      </Form>
      {upsert.isError ? (
        <Alert
          type="error"
          showIcon
          title="The tag was not added."
          description={<span className="preserve-lines">{errorText(upsert.error)}</span>}
        />
      ) : null}
    </Modal>
  );
}
