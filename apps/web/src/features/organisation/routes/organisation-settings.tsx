import {
  autoPostLimits,
  changeLogLabels,
  organisationSettingLabels,
  organisationSettingsLimits,
  type OrganisationSettings,
  healthClaimRuleIds,
  type HealthClaimRuleId,
  type OrganisationSettingsBody,
} from '@fitpost/contract';
import { Alert, Button, Checkbox, Form, Input, InputNumber, message } from 'antd';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { errorText } from '@/lib/api-client';
import { HealthClaimRulesField } from '../components/health-claim-rules-field';
import {
  useOrganisationSettings,
  useUpdateOrganisationSettings,
} from '@/lib/api/organisation/organisation-settings';
import { formatZoned, memberTimeZone } from '@/lib/zoned-time';
import { useStoredUser } from '@/lib/session';

type FormValues = Omit<
  OrganisationSettingsBody,
  'displayName' | 'supportEmail' | 'defaultTimeZone' | 'claimRulesOff'
> & {
  claimRulesOn: HealthClaimRuleId[];
  displayName: string;
  supportEmail: string;
  defaultTimeZone: string | undefined;
};

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function SettingsForm({ settings }: { settings: OrganisationSettings }) {
  const update = useUpdateOrganisationSettings();
  const [messageApi, messageHolder] = message.useMessage();
  const initial: FormValues = {
    ...settings,
    displayName: settings.displayName ?? '',
    supportEmail: settings.supportEmail ?? '',
    defaultTimeZone: settings.defaultTimeZone ?? undefined,
    claimRulesOn: healthClaimRuleIds.filter((id) => !settings.claimRulesOff.includes(id)),
  };

  function handleFinish(values: FormValues) {
    update.mutate(
      {
        displayName: orNull(values.displayName),
        supportEmail: orNull(values.supportEmail),
        defaultTimeZone: values.defaultTimeZone ?? null,
        xSpreadMinutes: values.xSpreadMinutes,
        utmEnabled: values.utmEnabled,
        xVariantsRequired: values.xVariantsRequired,
        xVariantsAboveMembers: values.xVariantsAboveMembers,
        feedRefreshMinutes: values.feedRefreshMinutes,
        trackLinks: values.trackLinks,
        claimRulesOff: healthClaimRuleIds.filter((id) => !values.claimRulesOn.includes(id)),
        claimPhrases: values.claimPhrases ?? [],
      },
      { onSuccess: () => void messageApi.success('The organization’s settings are saved.') },
    );
  }

  const labels = organisationSettingLabels;
  return (
    <Form<FormValues>
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={handleFinish}
      className="narrow-form"
    >
      {messageHolder}
      <Form.Item
        label={labels.displayName}
        name="displayName"
        extra={`Unset: ${settings.defaults.displayName}`}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        label={labels.supportEmail}
        name="supportEmail"
        extra={`'Email Customer Service' writes here. Unset: ${settings.defaults.supportEmail}`}
        rules={[{ type: 'email', message: 'Enter an email address such as help@example.com' }]}
      >
        <Input type="email" maxLength={254} />
      </Form.Item>
      <Form.Item
        label={labels.defaultTimeZone}
        name="defaultTimeZone"
        extra="For members who chose none in System Settings. Unset: the member’s browser’s zone."
      >
        <TimeZoneSelect allowClear current={settings.defaultTimeZone ?? undefined} />
      </Form.Item>
      <h2 className="section-title">Auto-Post defaults</h2>
      <Form.Item
        label={labels.xSpreadMinutes}
        name="xSpreadMinutes"
        extra="A new Auto-Post spreads its X posts over this many minutes."
        rules={[{ required: true, message: 'Enter 0 or more minutes' }]}
      >
        <InputNumber min={0} max={autoPostLimits.maxXSpreadMinutes} precision={0} />
      </Form.Item>
      <Form.Item name="utmEnabled" valuePropName="checked">
        <Checkbox>{labels.utmEnabled} (new Auto-Posts)</Checkbox>
      </Form.Item>
      <Form.Item
        label={labels.xVariantsRequired}
        name="xVariantsRequired"
        extra="0: no rule. X refuses identical posts from many accounts."
        rules={[{ required: true, message: 'Enter 0 or more' }]}
      >
        <InputNumber min={0} max={organisationSettingsLimits.maxXVariantsRequired} precision={0} />
      </Form.Item>
      <Form.Item
        label={labels.xVariantsAboveMembers}
        name="xVariantsAboveMembers"
        extra="The rule applies when more members than this have Auto-Post on for X."
        rules={[{ required: true, message: 'Enter 0 or more' }]}
      >
        <InputNumber min={0} max={1_000_000} precision={0} />
      </Form.Item>
      <h2 className="section-title">Links</h2>
      <Form.Item
        name="trackLinks"
        valuePropName="checked"
        extra="Published links go out as FitPost short links, so Reports and My Results count their clicks."
      >
        <Checkbox>{labels.trackLinks}</Checkbox>
      </Form.Item>
      <h2 className="section-title">Content feeds</h2>
      <Form.Item
        label={labels.feedRefreshMinutes}
        name="feedRefreshMinutes"
        extra={`Unset: every ${settings.defaults.feedRefreshMinutes} minutes.`}
      >
        <InputNumber
          min={organisationSettingsLimits.minFeedRefreshMinutes}
          max={organisationSettingsLimits.maxFeedRefreshMinutes}
          precision={0}
        />
      </Form.Item>
      <HealthClaimRulesField />
      {update.isError ? (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          title="The settings were not saved."
          description={<span className="preserve-lines">{errorText(update.error)}</span>}
        />
      ) : null}
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Save Settings
      </Button>
    </Form>
  );
}

function Changes({ settings, zone }: { settings: OrganisationSettings; zone: string }) {
  const label = (field: string) => changeLogLabels[field] ?? field;
  return (
    <section aria-labelledby="organisation-changes-title" className="panel">
      <h2 id="organisation-changes-title" className="section-title">
        Last changes
      </h2>
      {settings.changes.length === 0 ? (
        <p className="muted">No changes yet: the defaults apply.</p>
      ) : (
        <ol className="organisation-changes">
          {settings.changes.map((change) => (
            <li key={change.id}>
              <strong>{change.changedBy.fullName}</strong>, {formatZoned(change.changedAt, zone)}
              {change.subject ? <>: {change.subject}</> : null}
              <ul>
                {change.fields.map((f) => (
                  <li key={f.field}>
                    {label(f.field)}: {f.from ?? '(unset)'} → {f.to ?? '(unset)'}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** /app/manage/settings: the organization's settings and who changed them (admins). */
export function OrganisationSettingsRoute() {
  const settings = useOrganisationSettings();
  const zone = memberTimeZone(useStoredUser());
  return (
    <>
      <PageHeader
        title="Administration Settings"
        description="Your organization’s name and support address, members’ default time zone, Auto-Post defaults and how often feeds refresh."
      />
      {settings.isPending ? (
        <PageLoader label="Loading the settings…" />
      ) : settings.isError ? (
        <LoadError what="The settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <div className="panel">
            <SettingsForm settings={settings.data} />
          </div>
          <Changes settings={settings.data} zone={zone} />
        </>
      )}
    </>
  );
}
