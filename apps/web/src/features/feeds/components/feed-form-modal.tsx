import { type Feed, type FeedUpsert, libraryLimits, libraryMessages, systemUserId } from '@fitpost/contract';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { errorText } from '@/lib/api-client';
import { useUpsertFeed } from '@/lib/api/feeds/upsert-feed';
import { serverFormFields } from '@/lib/form-errors';
import { httpUrlRule, maxLengthRule } from '@/lib/form-rules';

interface FeedFormValues {
  name: string;
  url: string;
  description: string;
  thumbnailUrl: string;
  isActive: boolean;
}

/** The body of the feed upsert: a system feed (admins) belongs to the all-zero user. */
function toFeedUpsert(values: FeedFormValues, feed: Feed | null, system: boolean): FeedUpsert {
  return {
    ...(feed ? { id: feed.id } : {}),
    name: values.name.trim(),
    url: values.url.trim(),
    description: values.description.trim(),
    thumbnailUrl: values.thumbnailUrl.trim(),
    isActive: values.isActive,
    isSystem: system,
    ...(system ? { userId: systemUserId } : feed ? { userId: feed.userId } : {}),
  };
}

/** The request's fields that the form shows, for the server's field problems. */
const feedFields = {
  name: 'name',
  url: 'url',
  description: 'description',
  thumbnailUrl: 'thumbnailUrl',
} as const;

interface FeedFormModalProps {
  open: boolean;
  /** The feed being edited; null to add one. */
  feed: Feed | null;
  /** A system feed of the portal (admins), rather than the member's own. */
  system: boolean;
  onClose: () => void;
  onSaved: (feed: Feed) => void;
}

/** Add or edit a content feed: name, address (RSS, Atom or JSON Feed), description, thumbnail, active. */
export function FeedFormModal({ open, feed, system, onClose, onSaved }: FeedFormModalProps) {
  const [form] = Form.useForm<FeedFormValues>();
  const upsert = useUpsertFeed();
  const noun = system ? 'System Feed' : 'Feed';

  function handleFinish(values: FeedFormValues) {
    upsert.mutate(toFeedUpsert(values, feed, system), {
      onSuccess: (saved) => {
        upsert.reset();
        onSaved(saved);
      },
      onError: (error) => form.setFields(serverFormFields(error, feedFields)),
    });
  }

  function handleCancel() {
    upsert.reset();
    onClose();
  }

  return (
    <Modal
      title={feed ? `Edit ${noun}` : `Add ${noun}`}
      open={open}
      okText={feed ? 'Save' : `Add ${noun}`}
      onOk={() => form.submit()}
      onCancel={handleCancel}
      confirmLoading={upsert.isPending}
      destroyOnHidden
    >
      <Form<FeedFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: feed?.name ?? '',
          url: feed?.url ?? '',
          description: feed?.description ?? '',
          thumbnailUrl: feed?.thumbnailUrl ?? '',
          isActive: feed?.isActive ?? true,
        }}
        onFinish={handleFinish}
        preserve={false}
      >
        <Form.Item
          label="Name"
          name="name"
          rules={[
            { required: true, whitespace: true, message: libraryMessages.feedNameRequired },
            maxLengthRule('name', libraryLimits.feedNameMaxLength),
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Feed address"
          name="url"
          extra="The address of an RSS, Atom or JSON feed, e.g. a blog's /feed."
          rules={[httpUrlRule(libraryMessages.feedUrlInvalid, true)]}
        >
          <Input type="url" placeholder="https://" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Description"
          name="description"
          rules={[maxLengthRule('description', libraryLimits.descriptionMaxLength)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item
          label="Thumbnail address"
          name="thumbnailUrl"
          rules={[httpUrlRule(libraryMessages.linkInvalid)]}
        >
          <Input type="url" placeholder="https:// (optional)" autoComplete="off" />
        </Form.Item>
        <Form.Item name="isActive" valuePropName="checked" extra="Inactive feeds are kept but not fetched.">
          <Checkbox>Active</Checkbox>
        </Form.Item>
      </Form>
      {upsert.isError ? (
        <Alert
          type="error"
          showIcon
          title="The feed was not saved."
          description={<span className="preserve-lines">{errorText(upsert.error)}</span>}
        />
      ) : null}
    </Modal>
  );
}
