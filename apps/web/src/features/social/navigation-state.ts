import { networks, type Network } from '@fitpost/contract';

/** Where the connection screens live; the settings feature owns the page, this feature its Social Platforms tab. */
export const settingsPath = '/app/settings';

/** History state a finished full-page connection (X) leaves for the Social Platforms tab to confirm. */
export interface ConnectedState {
  socialConnected: Network;
}

export function connectedState(network: Network): ConnectedState {
  return { socialConnected: network };
}

/** The network just connected, if the history state says so. */
export function connectedNetwork(state: unknown): Network | null {
  if (typeof state !== 'object' || state === null || !('socialConnected' in state)) return null;
  const value = state.socialConnected;
  return networks.find((network) => network === value) ?? null;
}
