import { announcementMessages, type AnnouncementDetail, type AnnouncementUpsert } from '@fitpost/contract';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Alert, Button, Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { errorText } from '@/lib/api-client';
import { fromWallTime, toWallTime } from '@/lib/zoned-time';
import { useUpsertAnnouncement } from './api/upsert-announcement';
import { AnnouncementLink } from './announcement-view';
import { RichTextEditor } from './rich-text-editor';
import './announcements.css';

interface FormValues {
  body: string;
  url: string;
  urlText: string;
  isRecurring: boolean;
  isActive: boolean;
  /** `datetime-local` values: wall time in the admin's zone. */
  startDate: string;
  endDate: string;
}

const toLocal = (iso: string | null, zone: string) => {
  if (!iso) return '';
  const wall = toWallTime(iso, zone);
  return `${wall.date}T${wall.time}`;
};
const fromLocal = (local: string, zone: string) => {
  if (!local) return null;
  const [date = '', time = ''] = local.split('T');
  return fromWallTime({ date, time: time.slice(0, 5) }, zone).instant;
};

/**
 * The live preview: the editor's document drawn by a read-only editor (never as raw HTML), with the
 * link and the 'close' button the member's dialog shows.
 */
function Preview({ body, url, urlText }: { body: string; url: string; urlText: string }) {
  const editor = useEditor({
    extensions: [StarterKit],
    editable: false,
    content: body,
    editorProps: { attributes: { role: 'document', 'aria-label': 'Announcement preview' } },
  });
  useEffect(() => {
    editor.commands.setContent(body);
  }, [editor, body]);
  return (
    <section className="announcement-preview" aria-label="Preview">
      <h3>{announcementMessages.dialogTitle}</h3>
      <EditorContent editor={editor} />
      <AnnouncementLink url={url || null} urlText={urlText || null} />
      <Button type="primary" disabled aria-hidden="true">
        {announcementMessages.close}
      </Button>
    </section>
  );
}

/** Create or edit an announcement (admin); dates are read and shown in `zone`. */
export function AnnouncementForm({
  item,
  zone,
  onClose,
}: {
  item: AnnouncementDetail | null;
  zone: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const upsert = useUpsertAnnouncement();
  const body = Form.useWatch('body', form) ?? item?.body ?? '';
  const url = Form.useWatch('url', form) ?? '';
  const urlText = Form.useWatch('urlText', form) ?? '';

  function handleFinish(values: FormValues) {
    const input: AnnouncementUpsert = {
      id: item?.id ?? '',
      body: values.body,
      url: values.url.trim() || null,
      urlText: values.urlText.trim() || null,
      isRecurring: values.isRecurring,
      isActive: values.isActive,
      startDate: fromLocal(values.startDate, zone),
      endDate: fromLocal(values.endDate, zone),
    };
    upsert.mutate(input, { onSuccess: onClose });
  }

  return (
    <Modal
      open
      width={760}
      title={item ? 'Edit announcement' : 'New announcement'}
      onCancel={onClose}
      okText="Save"
      okButtonProps={{ htmlType: 'submit', form: 'announcement-form', loading: upsert.isPending }}
    >
      <Form<FormValues>
        id="announcement-form"
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        initialValues={{
          body: item?.body ?? '',
          url: item?.url ?? '',
          urlText: item?.urlText ?? '',
          isRecurring: item?.isRecurring ?? false,
          isActive: item?.isActive ?? true,
          startDate: toLocal(item?.startDate ?? null, zone),
          endDate: toLocal(item?.endDate ?? null, zone),
        }}
      >
        <Form.Item
          label="Announcement"
          name="body"
          rules={[{ required: true, whitespace: true, message: announcementMessages.bodyRequired }]}
        >
          <RichTextEditor label="Announcement" />
        </Form.Item>
        <Form.Item
          label="Link"
          name="url"
          rules={[{ type: 'url', message: announcementMessages.urlInvalid }]}
        >
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item label="Link text" name="urlText">
          <Input />
        </Form.Item>
        <Form.Item label={`Start (${zone})`} name="startDate">
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item label={`End (${zone})`} name="endDate">
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="isActive" valuePropName="checked">
          <Checkbox>Active</Checkbox>
        </Form.Item>
        <Form.Item name="isRecurring" valuePropName="checked">
          <Checkbox>Recurring (shown again in every 30-day window)</Checkbox>
        </Form.Item>
        {upsert.isError ? <Alert type="error" showIcon message={errorText(upsert.error)} /> : null}
      </Form>
      <Preview body={body} url={url} urlText={urlText} />
    </Modal>
  );
}
