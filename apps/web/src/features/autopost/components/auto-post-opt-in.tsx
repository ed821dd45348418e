import { connectionStatusLabels, networkNames } from '@fitpost/contract';
import { Skeleton, Tag, message } from 'antd';
import { Link } from 'react-router';
import { errorText } from '@/lib/api-client';
import { useAutoPostSettings, useUpdateAutoPostSettings } from '@/lib/api/auto-posts/get-auto-post-settings';
import { NetworkIcon } from '@/components/network-icon';
import { SwitchRow } from '@/components/switch-row';
import '../autopost.css';
import { LoadError } from '@/components/load-error';

interface AutoPostOptInProps {
  /** The heading's level: 2 in System Settings, 4 inside the welcome screen's Step 2. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * Auto-Post opt-in per connected account (System Settings, and Step 2 of the welcome screen). Each
 * switch saves at once; members who switch an account off never receive Auto-Posts on it.
 */
export function AutoPostOptIn({ headingLevel = 2 }: AutoPostOptInProps) {
  const settings = useAutoPostSettings();
  const update = useUpdateAutoPostSettings();
  const [messageApi, messageHolder] = message.useMessage();
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2] ?? 'h2';

  function handleSwitch(connectionId: string, enabled: boolean, name: string) {
    update.mutate([{ connectionId, enabled }], {
      onSuccess: () =>
        void messageApi.success(enabled ? `Auto-Post is on for ${name}.` : `Auto-Post is off for ${name}.`),
      onError: (error) => void messageApi.error(errorText(error)),
    });
  }

  let body;
  if (settings.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (settings.isError) {
    body = (
      <LoadError
        what="Your Auto-Post settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  } else if (settings.data.accounts.length === 0) {
    body = (
      <p className="empty-note">
        <span className="empty-title">No social accounts connected yet</span>
        <span className="empty-text">
          Connect an account in <Link to="/app/settings?tab=social-platforms">Social Platforms</Link>, then
          turn Auto-Post on for it here.
        </span>
      </p>
    );
  } else {
    body = (
      <ul className="autopost-accounts" aria-label="Auto-Post for each account">
        {settings.data.accounts.map((account) => {
          const name = `${networkNames[account.network]} account ${account.accountName}`;
          const pending = update.isPending && update.variables[0]?.connectionId === account.connectionId;
          return (
            <SwitchRow
              key={account.connectionId}
              checked={account.enabled}
              loading={pending}
              onChange={(enabled) => handleSwitch(account.connectionId, enabled, account.accountName)}
              label={`Auto-Post on ${name}`}
            >
              <span className="network-label">
                <NetworkIcon network={account.network} />
                <span>
                  <span className="account-name">{account.accountName}</span>{' '}
                  <span className="muted">{networkNames[account.network]}</span>
                </span>
              </span>
              {account.status === 'needs_reconnect' ? (
                <Tag className="tag-warning">
                  {connectionStatusLabels.needs_reconnect} — Auto-Posts skip it until then
                </Tag>
              ) : null}
            </SwitchRow>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="autopost-opt-in" aria-labelledby="autopost-opt-in-title">
      {messageHolder}
      <Heading id="autopost-opt-in-title" className="section-title">
        Auto-Post
      </Heading>
      <p className="muted">
        Your organization schedules ready-made posts. With Auto-Post on for an account, FitPost publishes each
        of them there at its time, for you — no need to do anything. You will see what is coming on your
        dashboard and can skip one, or make it your own Custom Post, before it goes out. Accounts with
        Auto-Post off never receive them.
      </p>
      {body}
    </section>
  );
}
