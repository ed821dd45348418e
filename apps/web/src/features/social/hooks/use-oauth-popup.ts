import { messages, popup as popupConstants } from '@fitpost/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '@/lib/api-client';
import {
  centredPopupFeatures,
  clearStoredState,
  defaultLoginError,
  generateState,
  isCancellation,
  isOAuthPopupMessage,
  popupErrors,
  storeState,
  type PopupNetwork,
} from '../popup-protocol';

export type OAuthPopupOutcome =
  /** The network returned a code for our state: exchange it with the server. */
  | { kind: 'code'; code: string; state: string }
  /** The member canceled at the network ('user_cancelled_login'): the popup is closed, nothing else. */
  | { kind: 'cancelled' }
  /** Anything else that ended the login, with the text to show (spec §8). */
  | { kind: 'error'; error: string; message: string }
  /** A message carrying another state (the popup is closed with no action, spec §4), or the flow was abandoned. */
  | { kind: 'ignored'; reason: 'state_mismatch' | 'aborted' };

export interface OAuthPopupRequest {
  network: PopupNetwork;
  /** Asks the server for the network's authorize URL carrying `state`. */
  authorizeUrl: (state: string) => Promise<string>;
}

export interface OAuthPopupFlow {
  result: Promise<OAuthPopupOutcome>;
  /** Ends the flow now: closes the popup; `result` settles as `ignored` / `aborted`. */
  abort: () => void;
  /** Brings the popup to the front. */
  focus: () => void;
}

const popupBlockedText =
  'Your browser blocked the sign-in window. Allow pop-ups for FitPost, then try again.';

/**
 * Runs one popup login. The popup opens at once (still inside the click that started it, so popup
 * blockers let it through) and is sent to the authorize URL when the server has answered. It ends at
 * the first of: a same-origin message from this popup, the popup found closed (polled every second),
 * a failed authorize-URL call, or `abort()`.
 */
function openOAuthPopup({ network, authorizeUrl }: OAuthPopupRequest): OAuthPopupFlow {
  const state = generateState();
  storeState(network, state);

  let settle: (outcome: OAuthPopupOutcome) => void = () => undefined;
  const result = new Promise<OAuthPopupOutcome>((resolve) => {
    settle = resolve;
  });

  // A name of its own: a popup closed a moment ago can still be registered under its name while the
  // browser tears it down, and `window.open('', sameName)` would hand back that dying window instead
  // of opening a new one.
  const popupWindow = window.open('', `fitpost-${network}-login-${state}`, centredPopupFeatures());
  if (!popupWindow) {
    clearStoredState(network, state);
    settle({ kind: 'error', error: popupErrors.popupBlocked, message: popupBlockedText });
    return { result, abort: () => undefined, focus: () => undefined };
  }

  let done = false;

  function finish(outcome: OAuthPopupOutcome, closePopup = true): void {
    if (done) return;
    done = true;
    window.removeEventListener('message', handleMessage);
    clearInterval(timer);
    clearStoredState(network, state);
    if (closePopup && popupWindow && !popupWindow.closed) popupWindow.close();
    settle(outcome);
  }

  function handleMessage(event: MessageEvent): void {
    // Only this popup, on this origin, speaking our protocol for this network.
    if (event.origin !== window.location.origin || event.source !== popupWindow) return;
    const data: unknown = event.data;
    if (!isOAuthPopupMessage(data) || data.network !== network) return;
    if (data.state !== state) {
      finish({ kind: 'ignored', reason: 'state_mismatch' });
      return;
    }
    if ('code' in data) {
      finish({ kind: 'code', code: data.code, state });
      return;
    }
    if (isCancellation(data.error)) {
      finish({ kind: 'cancelled' });
      return;
    }
    finish({ kind: 'error', error: data.error, message: data.errorMessage || defaultLoginError });
  }

  window.addEventListener('message', handleMessage);
  const timer = setInterval(() => {
    if (popupWindow.closed) {
      finish(
        { kind: 'error', error: popupErrors.userClosedPopup, message: messages['linkedin.userClosedPopup'] },
        false,
      );
    }
  }, popupConstants.pollMs);

  authorizeUrl(state).then(
    (url) => {
      if (!done) popupWindow.location.href = url;
    },
    (error: unknown) =>
      finish({ kind: 'error', error: popupErrors.authorizeUrlFailed, message: errorText(error) }),
  );

  return {
    result,
    abort: () => finish({ kind: 'ignored', reason: 'aborted' }),
    focus: () => {
      if (!done) popupWindow.focus();
    },
  };
}

/**
 * The popup login for components: one flow at a time (starting another abandons the first), ended
 * when the component unmounts. `pending` names the network whose popup is open.
 */
export function useOAuthPopup() {
  const current = useRef<OAuthPopupFlow | null>(null);
  const [pending, setPending] = useState<PopupNetwork | null>(null);

  useEffect(
    () => () => {
      current.current?.abort();
      current.current = null;
    },
    [],
  );

  const start = useCallback((request: OAuthPopupRequest): Promise<OAuthPopupOutcome> => {
    current.current?.abort();
    const flow = openOAuthPopup(request);
    current.current = flow;
    setPending(request.network);
    return flow.result.then((outcome) => {
      if (current.current === flow) {
        current.current = null;
        setPending(null);
      }
      return outcome;
    });
  }, []);

  const cancel = useCallback(() => current.current?.abort(), []);
  const focus = useCallback(() => current.current?.focus(), []);

  return { start, cancel, focus, pending };
}
