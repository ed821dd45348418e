import type Provider from 'oidc-provider';

import { mountCallback, type Route } from '../http.js';
import { createInteractionHandler } from './interactions.js';
import { INTERACTION_PATH, SSO_PATH } from './provider.js';

/** RFC 8414 puts an issuer's metadata at the origin's well-known path with the issuer's path appended. */
const OAUTH_METADATA_PATH = '/.well-known/oauth-authorization-server';

/** The SSO stand-in's routes: its sign-in pages, the provider under /sso, and the RFC 8414 metadata alias. */
export function createSsoRoutes(provider: Provider): Route[] {
  const callback = provider.callback();
  const provide = mountCallback(SSO_PATH, callback);
  const interactions = createInteractionHandler(provider);
  return [
    { prefix: INTERACTION_PATH, handle: interactions },
    { prefix: SSO_PATH, handle: provide },
    {
      prefix: `${OAUTH_METADATA_PATH}${SSO_PATH}`,
      handle: async (req, res) => {
        // Served by the provider's own metadata route, told it is mounted at /sso so the endpoints are right.
        Object.assign(req, { url: OAUTH_METADATA_PATH, baseUrl: SSO_PATH });
        await callback(req, res);
      },
    },
  ];
}
