import type { Route } from '../http.js';
import { createAccountsRoute } from './accounts.js';
import { createNetworkAvatarsRoute } from './avatars.js';
import { createMetricsClockRoute, MetricsClock } from './engagement.js';
import { createFaultsRoute, FaultBook, HeldResponses } from './faults.js';
import type { NetworkContext } from './network.js';
import { createPublishedRoute, PublishedLog } from './published-log.js';
import { RedirectPolicy } from './redirects.js';
import { FacebookNetwork } from './facebook/facebook-network.js';
import { LinkedInNetwork } from './linkedin/linkedin-network.js';
import { XNetwork } from './x/x-network.js';

export interface NetworksOptions {
  publicUrl: string;
  /** Origins (besides loopback) whose URIs the networks accept as redirect/callback URIs. */
  redirectOrigins: readonly string[];
  x: { consumerKey: string; consumerSecret: string };
  linkedin: { clientId: string; clientSecret: string };
  facebook: { appId: string; appSecret: string };
}

export interface Networks {
  /** The networks' routes and their control endpoints, to register with the dispatcher. */
  routes: Route[];
  /** Releases held responses and stops delays and fetches, so the server can close promptly. */
  close(): void;
}

/** Builds the four social-network stand-ins and the control endpoints that test them. */
export function createNetworks(options: NetworksOptions): Networks {
  const abort = new AbortController();
  const context: NetworkContext = {
    publicUrl: options.publicUrl,
    published: new PublishedLog(),
    faults: new FaultBook(),
    held: new HeldResponses(),
    redirects: new RedirectPolicy(options.redirectOrigins),
    metricsClock: new MetricsClock(),
    signal: abort.signal,
  };
  const x = new XNetwork(context, options.x);
  const linkedin = new LinkedInNetwork(context, options.linkedin);
  const facebook = new FacebookNetwork(context, options.facebook);
  return {
    routes: [
      createPublishedRoute(context.published),
      createFaultsRoute(context.faults),
      createMetricsClockRoute(context.metricsClock),
      linkedin.controlRoute(),
      createAccountsRoute({
        x: (count, prefix) => x.createAccounts(count, prefix),
        linkedin: (count, prefix) => linkedin.createAccounts(count, prefix),
        facebook: (count, prefix) => facebook.createPages(count, prefix),
        instagram: (count, prefix) => facebook.createInstagramAccounts(count, prefix),
      }),
      createNetworkAvatarsRoute({
        x: (id) => x.nameOf(id),
        linkedin: (id) => linkedin.nameOf(id),
        facebook: (id) => facebook.nameOf(id),
        instagram: (id) => facebook.instagramNameOf(id),
      }),
      x.route(),
      linkedin.route(),
      facebook.route(),
    ],
    close() {
      abort.abort();
      context.held.releaseAll();
    },
  };
}
