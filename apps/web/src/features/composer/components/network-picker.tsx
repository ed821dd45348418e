import { connectionStatusLabels, networkNames, type SocialConnection } from '@fitpost/contract';
import { Skeleton } from 'antd';
import { Link } from 'react-router';
import { AccountPicture } from '@/components/account-picture';
import { NetworkIcon } from '@/components/network-icon';
import { LoadError } from '@/components/load-error';

/** Settings → Social Platforms, where accounts are connected and reconnected. */
export const socialSettingsPath = '/app/settings?tab=social-platforms';

interface NetworkPickerProps {
  connections: SocialConnection[] | undefined;
  loading: boolean;
  loadError: unknown;
  onRetry: () => void;
  selected: string[];
  onChange: (ids: string[]) => void;
  /** The spec's 'Please select at least one social network', after a save attempt. */
  error?: string;
  /** What keeps the post from going out on each selected account. */
  problems: Record<string, string>;
}

/** The member's accounts as chips to tick; ones that need reconnecting are shown but cannot be ticked. */
export function NetworkPicker(props: NetworkPickerProps) {
  const { connections, selected, onChange, error, problems } = props;

  function handleToggle(id: string, checked: boolean) {
    onChange(checked ? [...selected, id] : selected.filter((other) => other !== id));
  }

  let content;
  if (props.loading) content = <Skeleton.Input active block />;
  else if (props.loadError || !connections) {
    content = <LoadError what="Your social accounts" error={props.loadError} onRetry={props.onRetry} />;
  } else if (connections.length === 0) {
    content = (
      <p className="composer-hint">
        No social accounts connected yet.{' '}
        <Link to={socialSettingsPath}>Connect one in Settings → Social Platforms</Link>.
      </p>
    );
  } else {
    content = (
      <ul className="network-chips">
        {connections.map((connection) => {
          const checked = selected.includes(connection.id);
          const lapsed = connection.status === 'needs_reconnect';
          const problem = checked ? problems[connection.id] : undefined;
          const inputId = `network-${connection.id}`;
          const problemId = `network-problem-${connection.id}`;
          return (
            <li key={connection.id} className="network-chip-item">
              <label
                htmlFor={inputId}
                className={`network-chip${checked ? ' is-checked' : ''}${lapsed ? ' is-lapsed' : ''}${problem ? ' has-problem' : ''}`}
              >
                <input
                  id={inputId}
                  type="checkbox"
                  checked={checked}
                  disabled={lapsed && !checked}
                  aria-describedby={
                    problem ? problemId : lapsed ? `network-lapsed-${connection.id}` : undefined
                  }
                  onChange={(event) => handleToggle(connection.id, event.target.checked)}
                />
                <AccountPicture name={connection.accountName} pictureUrl={connection.pictureUrl} size={28} />
                <NetworkIcon network={connection.network} />
                <span className="network-chip-text">
                  <span className="network-chip-network">{networkNames[connection.network]}</span>{' '}
                  <span className="network-chip-name">{connection.accountName}</span>
                  {connection.handle ? (
                    <span className="network-chip-handle"> @{connection.handle}</span>
                  ) : null}
                </span>
              </label>
              {lapsed ? (
                <span id={`network-lapsed-${connection.id}`} className="network-chip-note">
                  {connectionStatusLabels.needs_reconnect} —{' '}
                  <Link to={socialSettingsPath}>reconnect in Settings</Link>
                </span>
              ) : null}
              {problem ? (
                <span id={problemId} className="network-chip-problem">
                  {problem}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <fieldset
      className="composer-field composer-networks"
      aria-describedby={error ? 'networks-error' : undefined}
    >
      <legend className="composer-label">Social networks</legend>
      {content}
      {error ? (
        <div id="networks-error" className="composer-error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
