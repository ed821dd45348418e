import type { NetworkContext } from '../network.js';
import type { LinkedInState } from './linkedin-state.js';

/** What LinkedIn's route handlers share. */
export interface LinkedInDeps {
  state: LinkedInState;
  context: NetworkContext;
  client: { clientId: string; clientSecret: string };
  /** Members offered on the consent page: the demo ones, not those a load test adds. */
  demoMemberIds: readonly string[];
}
