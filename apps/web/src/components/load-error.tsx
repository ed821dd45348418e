import type { ReactNode } from 'react';
import { errorText } from '@/lib/api-client';
import { PlainAlert } from './plain-alert';
import { PlainButton } from './plain-controls';

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
 * A list, item or screen whose data could not be loaded: why, and a Retry. A `PlainAlert` (antd's
 * Alert's look) with a `PlainButton`: the dashboard, a phone's first screen, loads no antd.
 */
export function LoadError(props: LoadErrorProps) {
  const { what, error, onRetry, retrying, action, type = 'error', className } = props;
  return (
    <PlainAlert
      type={type}
      className={className}
      title={`${what} could not be loaded.`}
      description={errorText(error)}
      action={
        action ??
        (onRetry ? (
          <PlainButton size="small" onClick={onRetry} loading={retrying}>
            Retry
          </PlainButton>
        ) : null)
      }
    />
  );
}
