import { messages } from '@fitpost/contract';
import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PublicPage } from '@/components/public-page';
import {
  defaultLoginError,
  isCancellation,
  oauthMessageType,
  popupErrors,
  readStoredState,
  type OAuthPopupMessage,
  type PopupNetwork,
} from '../popup-protocol';

const titles: Record<PopupNetwork, string> = {
  linkedin: 'LinkedIn Connection',
  facebook: 'Facebook Connection',
};

/** How long a canceled sign-in's window waits for the opener to close it before closing itself. */
export const cancelledCloseFallbackMs = 3000;

type CallbackResult =
  | { kind: 'mismatch'; message: OAuthPopupMessage }
  | { kind: 'cancelled'; message: OAuthPopupMessage }
  | { kind: 'error'; text: string; message: OAuthPopupMessage }
  | { kind: 'code'; message: OAuthPopupMessage };

/** Reads the network's answer from the query and checks its state against the stored one (spec §4, §5). */
function evaluate(network: PopupNetwork, params: URLSearchParams): CallbackResult {
  const state = params.get('state') ?? '';
  const stored = readStoredState(network);
  const base = { type: oauthMessageType, network, state } as const;
  if (state === '' || stored === null || state !== stored) {
    // Nothing usable: no code, and the opener discards a message whose state is not its own.
    return {
      kind: 'mismatch',
      message: {
        ...base,
        error: popupErrors.stateMismatch,
        errorMessage: messages['linkedin.stateMismatch'],
      },
    };
  }
  const error = params.get('error');
  if (error) {
    const text = params.get('error_description') || defaultLoginError;
    const message = { ...base, error, errorMessage: text };
    return isCancellation(error) ? { kind: 'cancelled', message } : { kind: 'error', text, message };
  }
  const code = params.get('code');
  if (!code) {
    return {
      kind: 'error',
      text: defaultLoginError,
      message: { ...base, error: popupErrors.missingCode, errorMessage: defaultLoginError },
    };
  }
  return { kind: 'code', message: { ...base, code } };
}

interface OpenerWindow {
  closed: boolean;
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The window that opened this popup, if it is still there. */
function openerWindow(): OpenerWindow | null {
  const opener: unknown = window.opener;
  if (typeof opener !== 'object' || opener === null) return null;
  const candidate = opener as Partial<OpenerWindow>;
  if (typeof candidate.postMessage !== 'function' || candidate.closed) return null;
  return candidate as OpenerWindow;
}

/**
 * /linkedin and /facebook: the popup lands here from the network. It checks the state, posts the code
 * or the error to the opener — same origin only — and shows what happened in case the opener has gone.
 */
export function PopupCallback({ network }: { network: PopupNetwork }) {
  const [params] = useSearchParams();
  // Read once: the opener forgets the stored state as soon as it has our message.
  const [result] = useState(() => evaluate(network, params));
  const [opener] = useState(openerWindow);
  const posted = useRef(false);

  useEffect(() => {
    if (posted.current || !opener) return;
    posted.current = true; // StrictMode runs effects twice; the opener hears from us once.
    opener.postMessage(result.message, window.location.origin);
  }, [opener, result]);

  // A canceled sign-in closes its window (spec §4). The opener closes it when it reads our message;
  // closing here first could let the opener's closed-window poll win the race and report
  // 'User closed the popup' for a cancellation. This is the fallback for an opener that never reads it.
  useEffect(() => {
    if (result.kind !== 'cancelled') return;
    const timer = setTimeout(() => window.close(), cancelledCloseFallbackMs);
    return () => clearTimeout(timer);
  }, [result]);

  const closeButton = (
    <div className="public-page-actions">
      <Button onClick={() => window.close()}>Close this window</Button>
    </div>
  );

  if (result.kind === 'mismatch') {
    return (
      <PublicPage title={titles[network]}>
        <Alert
          type="error"
          showIcon
          title={messages['linkedin.stateMismatch']}
          description="This sign-in window does not belong to the connection FitPost started, so nothing was connected. Close it and try again from Settings."
        />
        {closeButton}
      </PublicPage>
    );
  }

  if (result.kind === 'cancelled') {
    return (
      <PublicPage title={titles[network]}>
        <p>You canceled the sign-in, so nothing was connected. This window closes by itself.</p>
        {closeButton}
      </PublicPage>
    );
  }

  if (result.kind === 'error') {
    return (
      <PublicPage title={titles[network]}>
        <Alert
          type="error"
          showIcon
          title="The connection failed."
          description={<span className="preserve-lines">{result.text}</span>}
        />
        {closeButton}
      </PublicPage>
    );
  }

  if (!opener) {
    return (
      <PublicPage title={titles[network]}>
        <Alert
          type="warning"
          showIcon
          title="FitPost is no longer waiting for this window."
          description="The page that opened it was closed or reloaded, so nothing was connected. Close this window and start again from Settings › Social Platforms."
        />
        {closeButton}
      </PublicPage>
    );
  }

  return (
    <PublicPage title={titles[network]}>
      <PageLoader label="Finishing the connection in FitPost…" />
      <p className="muted">This window closes by itself.</p>
    </PublicPage>
  );
}
