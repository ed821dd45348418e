import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { errorText } from '@/lib/api-client';
import { PlainButton } from './plain-controls';
import './load-error.css';

interface LoadErrorProps {
  /** What did not load, as the sentence's subject: "Your posts" → "Your posts could not be loaded." */
  what: string;
  /** The failed call's error: its text (spec §8) is shown under the title. */
  error: unknown;
  /** Offers Retry when given. */
  onRetry?: () => void;
  /** The retry is under way. */
  retrying?: boolean;
  /** Another way out beside (or instead of) Retry, e.g. a link. */
  action?: ReactNode;
  /** A warning where the screen works on without it. */
  type?: 'error' | 'warning';
  className?: string;
}

/**
 * A list, item or screen whose data could not be loaded: why, and a Retry. Drawn like antd's
 * Alert (and its Retry like antd's Button) without importing them: the dashboard, a phone's first
 * screen, loads no antd.
 */
export function LoadError(props: LoadErrorProps) {
  const { what, error, onRetry, retrying, action, type = 'error' } = props;
  const Icon = type === 'error' ? CloseCircleFilled : WarningFilled;
  return (
    <div
      className={['load-error', `load-error-${type}`, props.className].filter(Boolean).join(' ')}
      role="alert"
    >
      <Icon className="load-error-icon" aria-hidden="true" />
      <div className="load-error-text">
        <div className="load-error-title">{`${what} could not be loaded.`}</div>
        <div className="preserve-lines">{errorText(error)}</div>
      </div>
      {action ??
        (onRetry ? (
          <PlainButton size="small" onClick={onRetry} loading={retrying}>
            Retry
          </PlainButton>
        ) : null)}
    </div>
  );
}
