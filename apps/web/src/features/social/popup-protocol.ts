import { messages, popup } from '@fitpost/contract';

/**
 * The popup login (spec §4 "Professional-network login"), shared by the opener (hooks/use-oauth-popup)
 * and the callback page the network sends the popup back to (components/popup-callback). LinkedIn
 * uses it as the spec describes; Facebook Pages and Instagram go through the same mechanism.
 */

/** The networks whose login runs in a popup; each has its own callback route, `/<network>`. */
export type PopupNetwork = 'linkedin' | 'facebook';

export const oauthMessageType = 'fitpost:oauth';

export type OAuthPopupMessage =
  | { type: typeof oauthMessageType; network: PopupNetwork; code: string; state: string }
  | {
      type: typeof oauthMessageType;
      network: PopupNetwork;
      error: string;
      errorMessage: string;
      state: string;
    };

/** Error codes the two sides report besides the network's own. */
export const popupErrors = {
  userClosedPopup: 'user_closed_popup',
  userCancelledLogin: 'user_cancelled_login',
  stateMismatch: 'state_mismatch',
  missingCode: 'missing_code',
  popupBlocked: 'popup_blocked',
  authorizeUrlFailed: 'authorize_url_failed',
} as const;

/**
 * The member said no at the network: LinkedIn's `user_cancelled_login` (spec §4) and
 * `user_cancelled_authorize`, Facebook's `access_denied` (sent with `error_reason=user_denied`).
 */
const cancellations = new Set([popupErrors.userCancelledLogin, 'user_cancelled_authorize', 'access_denied']);

export function isCancellation(error: string): boolean {
  return cancellations.has(error);
}

export function isOAuthPopupMessage(data: unknown): data is OAuthPopupMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  if (message.type !== oauthMessageType) return false;
  if (message.network !== 'linkedin' && message.network !== 'facebook') return false;
  if (typeof message.state !== 'string') return false;
  if (typeof message.code === 'string') return true;
  return typeof message.error === 'string' && typeof message.errorMessage === 'string';
}

const stateAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 below 256: bytes at or above it are dropped, so every character is equally likely. */
const unbiasedLimit = 256 - (256 % stateAlphabet.length);

/** A random state of letters and digits (spec §9: 20 characters), from `crypto.getRandomValues`. */
export function generateState(length: number = popup.stateLength): string {
  let state = '';
  const bytes = new Uint8Array(length * 2);
  while (state.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < unbiasedLimit && state.length < length) state += stateAlphabet[byte % stateAlphabet.length];
    }
  }
  return state;
}

/** localStorage key of the state an opener is waiting for, e.g. `linkedin_oauth2_state`. */
export function popupStateKey(network: PopupNetwork): string {
  return `${network}_oauth2_state`;
}

export function storeState(network: PopupNetwork, state: string): void {
  try {
    localStorage.setItem(popupStateKey(network), state);
  } catch {
    // Storage disabled: the callback page will report a mismatch, which is the safe outcome.
  }
}

export function readStoredState(network: PopupNetwork): string | null {
  try {
    return localStorage.getItem(popupStateKey(network));
  } catch {
    return null;
  }
}

/** Forgets the stored state, unless another flow has replaced it since. */
export function clearStoredState(network: PopupNetwork, state: string): void {
  try {
    if (localStorage.getItem(popupStateKey(network)) === state)
      localStorage.removeItem(popupStateKey(network));
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** `window.open` features for a popup of the spec's size (600x600), centred over the current window. */
export function centredPopupFeatures(width: number = popup.width, height: number = popup.height): string {
  const left = Math.round(window.screenX + (window.outerWidth - width) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/** What the member sees when the network reports an error without a description (spec §8). */
export const defaultLoginError = messages['linkedin.loginFailed'];
