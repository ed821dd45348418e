import { emailTexts, type EmailKind } from '@fitpost/contract';
import { Skeleton, message } from 'antd';
import { LoadError } from '@/components/load-error';
import { SwitchRow } from '@/components/switch-row';
import { errorText } from '@/lib/api-client';
import { useEmailPreferences, useUpdateEmailPreferences } from '../api/email-preferences';
import '../settings.css';

/** System Settings → Email: one switch per kind of notification (and messages), saved at once. */
export function EmailSettings() {
  const preferences = useEmailPreferences();
  const update = useUpdateEmailPreferences();
  const [messageApi, messageHolder] = message.useMessage();

  function handleSwitch(kind: EmailKind, email: boolean) {
    update.mutate(
      { kinds: [{ kind, email }] },
      {
        onSuccess: () => void messageApi.success(emailTexts.saved),
        onError: (error) => void messageApi.error(errorText(error)),
      },
    );
  }

  let body;
  if (preferences.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (preferences.isError)
    body = (
      <LoadError
        what="Your email settings"
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
      />
    );
  else
    body = (
      <>
        {preferences.data.enabled ? null : <p className="muted">{emailTexts.off}</p>}
        <ul className="email-kinds" aria-label="Email for each kind">
          {preferences.data.kinds.map((k) => (
            <SwitchRow
              key={k.kind}
              checked={k.email}
              loading={update.isPending && update.variables.kinds[0]?.kind === k.kind}
              onChange={(email) => handleSwitch(k.kind, email)}
              label={`Email: ${k.label}`}
            >
              <span>{k.label}</span>
            </SwitchRow>
          ))}
        </ul>
      </>
    );

  return (
    <section className="email-settings" aria-labelledby="email-settings-title">
      {messageHolder}
      <h2 id="email-settings-title" className="section-title">
        {emailTexts.heading}
      </h2>
      <p className="muted">{emailTexts.intro}</p>
      {body}
    </section>
  );
}
