import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, message } from 'antd';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { errorText } from '@/lib/api-client';
import { memberTimeZone, timeZonePropertyName } from '@/lib/zoned-time';
import { useStoredUser } from '@/lib/session';
import { invalidateQueue } from '@/lib/api/queue/get-queue';
import { useUpdateUserProperty } from '@/lib/api/users/update-user-property';

interface SystemSettingsValues {
  timeZone: string;
}

/** System Settings: the user's time zone, saved as the `timeZone` user property. */
export function SystemSettingsTab() {
  const user = useStoredUser();
  const [messageApi, messageHolder] = message.useMessage();
  const update = useUpdateUserProperty();
  const queryClient = useQueryClient();
  const initialTimeZone = memberTimeZone(user);

  function handleFinish(values: SystemSettingsValues) {
    if (!user) return;
    update.mutate(
      { userId: user.id, name: timeZonePropertyName, value: values.timeZone },
      {
        onSuccess: () => {
          // The queue's slots are read in this zone.
          void invalidateQueue(queryClient);
          void messageApi.success('Your settings are saved.');
        },
        onError: (error) => void messageApi.error(errorText(error)),
      },
    );
  }

  return (
    <section aria-labelledby="system-settings-title">
      {messageHolder}
      <h2 id="system-settings-title" className="section-title">
        System Settings
      </h2>
      <p className="muted">Schedules and dates are shown in this time zone.</p>
      <Form<SystemSettingsValues>
        layout="vertical"
        requiredMark={false}
        initialValues={{ timeZone: initialTimeZone }}
        onFinish={handleFinish}
        className="narrow-form"
      >
        <Form.Item
          label="Time zone"
          name="timeZone"
          rules={[{ required: true, message: 'Choose a time zone' }]}
        >
          <TimeZoneSelect current={initialTimeZone} />
        </Form.Item>
        {update.isError ? (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            title="Your settings were not saved."
            description={<span className="preserve-lines">{errorText(update.error)}</span>}
          />
        ) : null}
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Save Settings
        </Button>
      </Form>
    </section>
  );
}
