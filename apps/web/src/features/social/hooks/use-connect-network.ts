import { networkNames, type FacebookChoice, type Network } from '@fitpost/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { errorText } from '@/lib/api-client';
import { invalidateConnections } from '@/lib/api/connections/get-connections';
import { browser } from '@/lib/browser';
import { getFacebookAuthorizeUrl } from '@/lib/api/connections/get-facebook-authorize-url';
import { getLinkedInAuthorizeUrl } from '@/lib/api/connections/get-linkedin-authorize-url';
import { getTwitterAuthorizeUrl } from '@/lib/api/connections/get-twitter-authorize-url';
import { postFacebookAuthenticate } from '@/lib/api/connections/post-facebook-authenticate';
import { postLinkedInAuthenticate } from '@/lib/api/connections/post-linkedin-authenticate';
import type { PopupNetwork } from '../popup-protocol';
import { useOAuthPopup, type OAuthPopupOutcome } from './use-oauth-popup';

export interface ConnectFeedback {
  success: (text: string) => void;
  info: (text: string) => void;
  error: (text: string) => void;
}

/** Facebook answered with the Pages (and Instagram accounts) to choose from. */
export interface PendingFacebookChoice {
  choice: FacebookChoice;
  /** What the member set out to add: the modal says so when none is available. */
  wanted: 'facebook' | 'instagram';
}

/** The network whose login a popup (or a redirect) runs. Instagram signs in through Facebook. */
function popupNetworkOf(network: Exclude<Network, 'x'>): PopupNetwork {
  return network === 'linkedin' ? 'linkedin' : 'facebook';
}

const popupLabel: Record<PopupNetwork, string> = { linkedin: 'LinkedIn', facebook: 'Facebook' };

/**
 * Starts connecting (or reconnecting) a network: X by a full-page redirect to its authorize page,
 * LinkedIn in a popup, Facebook Pages and Instagram in a Facebook popup followed by a choice of accounts.
 * Call `connect` straight from a click handler: the popup must open inside the click.
 */
export function useConnectNetwork(feedback: ConnectFeedback) {
  const queryClient = useQueryClient();
  const { start, pending, focus, cancel } = useOAuthPopup();
  /** The network being connected, from the click until the flow has ended. */
  const [active, setActive] = useState<Network | null>(null);
  const latest = useRef(0);
  const [facebookChoice, setFacebookChoice] = useState<PendingFacebookChoice | null>(null);
  const { success, info, error } = feedback;

  const finishPopup = useCallback(
    async (network: Exclude<Network, 'x'>, outcome: OAuthPopupOutcome) => {
      const label = popupLabel[popupNetworkOf(network)];
      switch (outcome.kind) {
        case 'ignored':
          return; // spec §4: a mismatched state closes the popup with no action
        case 'cancelled':
          info(`${label} sign-in canceled. Nothing was connected.`);
          return;
        case 'error':
          error(outcome.message);
          return;
        case 'code':
          break;
      }
      const body = { code: outcome.code, state: outcome.state };
      if (network === 'linkedin') {
        const connection = await postLinkedInAuthenticate(body);
        await invalidateConnections(queryClient);
        success(`${networkNames.linkedin} account ${connection.accountName} is connected.`);
      } else {
        setFacebookChoice({ choice: await postFacebookAuthenticate(body), wanted: network });
      }
    },
    [queryClient, success, info, error],
  );

  const connect = useCallback(
    (network: Network) => {
      const flow = ++latest.current;
      const end = () => {
        if (latest.current === flow) setActive(null);
      };
      setActive(network);
      if (network === 'x') {
        // Full-page redirect: X comes back to /validatetwitterauth; nothing is remembered here.
        getTwitterAuthorizeUrl().then(
          (url) => browser.assign(url),
          (failure: unknown) => {
            end();
            error(errorText(failure));
          },
        );
        return;
      }
      const popupNetwork = popupNetworkOf(network);
      const authorizeUrl = popupNetwork === 'linkedin' ? getLinkedInAuthorizeUrl : getFacebookAuthorizeUrl;
      // Opens the popup now, inside the click; the rest happens when it reports back.
      start({ network: popupNetwork, authorizeUrl })
        .then((outcome) => finishPopup(network, outcome))
        .catch((failure: unknown) => error(errorText(failure)))
        .finally(end);
    },
    [start, finishPopup, error],
  );

  const closeFacebookChoice = useCallback(() => setFacebookChoice(null), []);

  return {
    connect,
    active,
    /** The network whose popup is open, to offer "Show window" and "Cancel". */
    popupOpen: pending ? popupLabel[pending] : null,
    focusPopup: focus,
    cancelPopup: cancel,
    facebookChoice,
    closeFacebookChoice,
  };
}
