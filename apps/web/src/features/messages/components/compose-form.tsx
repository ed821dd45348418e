import { messageLimits, messages, messageTexts } from '@fitpost/contract';
import { Alert, Button, Form, Input } from 'antd';
import { errorText } from '@/lib/api-client';
import { useSendMessage } from '@/lib/api/messages/send-message';
import type { ComposeRecipient } from '@/lib/compose-recipients';
import { serverFormFields } from '@/lib/form-errors';
import { RecipientPicker, recipientsOf, type RecipientValues } from './recipient-picker';

interface ComposeValues extends Partial<RecipientValues> {
  subject: string;
  body: string;
}

/**
 * Compose (spec §2): a member writes to the portal's admins; an admin chooses who receives it.
 * The form keeps what was written until it is sent, so a failed send loses nothing.
 */
export function ComposeForm({
  admin,
  onSent,
  onCancel,
  members,
}: {
  admin: boolean;
  /** Members to write to, filled in as 'Chosen members' (an admin's compose opened from a report). */
  members?: ComposeRecipient[] | undefined;
  onSent: (sent: { id: string; kind: 'thread' | 'sent' }) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<ComposeValues>();
  const send = useSendMessage();

  function handleFinish(values: ComposeValues) {
    const to = admin ? recipientsOf({ recipients: values.recipients ?? 'all', ...values }) : undefined;
    send.mutate(
      { subject: values.subject, body: values.body, ...(to ? { to } : {}) },
      {
        onSuccess: (sent) => onSent(sent),
        onError: (error) => form.setFields(serverFormFields(error, { subject: 'subject', body: 'body' })),
      },
    );
  }

  return (
    <section className="message-compose" aria-labelledby="compose-heading">
      <h2 id="compose-heading">{messages['mail.compose']}</h2>
      {admin ? null : <p className="message-compose-to">To: {messageTexts.toAdmins}</p>}
      <Form<ComposeValues>
        form={form}
        layout="vertical"
        initialValues={
          members ? { recipients: 'users', userIds: members.map((m) => m.id) } : { recipients: 'all' }
        }
        onFinish={handleFinish}
        disabled={send.isPending}
      >
        {admin ? <RecipientPicker known={members} /> : null}
        <Form.Item
          label="Subject"
          name="subject"
          rules={[{ required: true, whitespace: true, message: messageTexts.subjectRequired }]}
        >
          <Input maxLength={messageLimits.subjectMaxLength} />
        </Form.Item>
        <Form.Item
          label="Message"
          name="body"
          rules={[{ required: true, whitespace: true, message: messageTexts.bodyRequired }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 5, maxRows: 16 }}
            maxLength={messageLimits.bodyMaxLength}
            showCount
          />
        </Form.Item>
        {send.isError ? (
          <Alert
            type="error"
            showIcon
            className="form-alert"
            title="Your message was not sent. What you wrote is still here."
            description={errorText(send.error)}
          />
        ) : null}
        <div className="message-compose-actions">
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            Send
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </div>
      </Form>
    </section>
  );
}
