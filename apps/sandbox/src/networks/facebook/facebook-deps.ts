import type { NetworkContext } from '../network.js';
import type { FacebookState } from './facebook-state.js';

/** What the Facebook/Instagram route handlers share. */
export interface FacebookDeps {
  state: FacebookState;
  context: NetworkContext;
  app: { appId: string; appSecret: string };
  /** People offered on the Login dialog: the demo ones, not those a load test adds. */
  demoUserIds: readonly string[];
}
