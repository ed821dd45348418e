import {
  fillMergeFields,
  memberDetailMaxLength,
  memberDetailProblem,
  memberDetailProperties,
  memberMergeValues,
  type MemberDetail,
} from '@fitpost/contract';
import { Alert, Button, Form, Input, message } from 'antd';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { setStoredUserProperties, useStoredUser } from '@/lib/session';
import { updateUserProperty } from '@/lib/api/users/update-user-property';

type DetailValues = Record<MemberDetail, string>;

// Plain words for members: the field names ({city}) are the admins' (issue 26).
const details: { detail: MemberDetail; label: string; hint: string; type?: 'url' }[] = [
  {
    detail: 'displayName',
    label: 'Display name',
    hint: 'Your name as posts say it; its first word is used where a post greets with your first name.',
  },
  { detail: 'businessName', label: 'Business name', hint: 'Your studio, gym or business.' },
  { detail: 'city', label: 'City', hint: 'Where you coach.' },
  { detail: 'bookingLink', label: 'Booking link', hint: 'Where clients book you: https://…', type: 'url' },
  { detail: 'signOff', label: 'Sign-off', hint: 'How you end a post, e.g. “See you on the floor, Sam”.' },
];

/** How an Auto-Post written with fields reads with these details. */
const example =
  'Hi, I’m {first_name} from {business_name|my studio} in {city}. Book your first session: {booking_link}\n{sign_off}';

/**
 * 'My details for Auto-Posts' (issue 15): what the organization's Auto-Posts say in the member's
 * own words, kept as their properties and checked as the server checks them, with an example.
 */
export function AutoPostDetails() {
  const user = useStoredUser();
  const [messageApi, messageHolder] = message.useMessage();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [form] = Form.useForm<DetailValues>();
  const stored = (detail: MemberDetail) =>
    user?.properties.find((p) => p.name === memberDetailProperties[detail])?.value ?? '';
  const initial = Object.fromEntries(details.map(({ detail }) => [detail, stored(detail)])) as DetailValues;
  const watched = Form.useWatch([], form) as DetailValues | undefined;
  const current = { ...initial, ...watched };
  const preview = fillMergeFields(
    example,
    memberMergeValues(
      details.map(({ detail }) => ({ name: memberDetailProperties[detail], value: current[detail].trim() })),
      user?.fullName ?? '',
    ),
  );

  async function handleFinish(values: DetailValues) {
    if (!user) return;
    setSaving(true);
    setFailure(null);
    try {
      for (const { detail } of details) {
        const value = values[detail].trim();
        if (value === stored(detail)) continue;
        setStoredUserProperties(
          await updateUserProperty({ userId: user.id, name: memberDetailProperties[detail], value }),
        );
      }
      void messageApi.success('Your details are saved.');
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="auto-post-details-title" className="settings-section">
      {messageHolder}
      <h2 id="auto-post-details-title" className="section-title">
        My details for Auto-Posts
      </h2>
      <p className="muted">
        Auto-Posts from your organization can speak in your name: these fill their fields. Leave one empty and
        the post says it without it.
      </p>
      <Form<DetailValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={(values) => void handleFinish(values)}
        className="narrow-form"
      >
        {details.map(({ detail, label, hint, type }) => (
          <Form.Item
            key={detail}
            label={label}
            name={detail}
            extra={hint}
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const problem = memberDetailProblem(detail, (value ?? '').trim());
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input
              type={type}
              inputMode={type}
              maxLength={memberDetailMaxLength(detail) + 20}
              placeholder={detail === 'displayName' ? user?.fullName : undefined}
            />
          </Form.Item>
        ))}
        <figure className="auto-post-details-example">
          <figcaption className="muted">How an Auto-Post may read with your details:</figcaption>
          <p className="preserve-lines" data-testid="auto-post-details-example">
            {preview}
          </p>
        </figure>
        {failure ? (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            title="Your details were not saved."
            description={<span className="preserve-lines">{errorText(failure)}</span>}
          />
        ) : null}
        <Button type="primary" htmlType="submit" loading={saving}>
          Save My Details
        </Button>
      </Form>
    </section>
  );
}
