import { randomBytes } from 'node:crypto';

import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

import { createMemoryAdapterFactory } from './memory-adapter.js';
import { CLAIMS_BY_SCOPE, findMemberBySub, memberClaims } from './members.js';
import { ID_TOKEN_TTL_SECONDS, type SigningKey } from './signing-key.js';
import { errorPage, logoutPage, signedOutPage } from './views.js';

/** Where the provider is mounted on the sandbox server; the issuer is `${publicUrl}${SSO_PATH}`. */
export const SSO_PATH = '/sso';

/** The sign-in pages the sandbox serves itself (see interactions.ts), under the provider's mount. */
export const INTERACTION_PATH = `${SSO_PATH}/interaction`;

/** The single relying party: FitPost's server, a confidential web client. */
interface SsoClient {
  clientId: string;
  clientSecret: string;
  redirectUris: readonly string[];
  postLogoutRedirectUris: readonly string[];
}

export interface ProviderOptions {
  issuer: string;
  publicUrl: string;
  client: SsoClient;
  signingKey: SigningKey;
}

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/**
 * Every lifetime is set explicitly: short-lived codes, an hour for tokens and sign-in pages, a working day of
 * SSO session. Leaving one at its default makes oidc-provider print a warning the first time it is used.
 */
const TTL = {
  AccessToken: HOUR,
  AuthorizationCode: 60,
  ClientCredentials: 10 * 60,
  DeviceCode: 10 * 60,
  BackchannelAuthenticationRequest: 10 * 60,
  Grant: 14 * DAY,
  IdToken: ID_TOKEN_TTL_SECONDS,
  Interaction: HOUR,
  PreAuthorizedCode: 10 * 60,
  RefreshToken: 14 * DAY,
  Session: 8 * HOUR,
} satisfies Configuration['ttl'];

function renderHtml(ctx: KoaContextWithOIDC, html: string): void {
  ctx.type = 'html';
  ctx.body = html;
}

/** The organisation's OpenID Connect provider, configured for FitPost as its one first-party client. */
export function createProvider(options: ProviderOptions): Provider {
  const { client } = options;
  const configuration: Configuration = {
    adapter: createMemoryAdapterFactory(),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        client_name: 'FitPost',
        redirect_uris: [...client.redirectUris],
        post_logout_redirect_uris: [...client.postLogoutRedirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    responseTypes: ['code'],
    // Advertise only what the one client uses, as a locked-down real provider would.
    clientAuthMethods: ['client_secret_basic'],
    scopes: Object.keys(CLAIMS_BY_SCOPE),
    claims: Object.fromEntries(
      Object.entries(CLAIMS_BY_SCOPE).map(([scope, claims]) => [scope, [...claims]]),
    ),
    // FitPost reads the member's claims from the ID token rather than calling userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    jwks: { keys: [options.signingKey.jwk] },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    cookies: {
      // Random per start: sessions from an earlier run are meant to be gone.
      keys: [randomBytes(32).toString('base64url')],
      // Cookies are per host, not per port, so on localhost these share a jar with FitPost's web app.
      names: {
        session: 'sandbox_sso_session',
        interaction: 'sandbox_sso_interaction',
        resume: 'sandbox_sso_interaction_resume',
      },
    },
    ttl: TTL,
    // FitPost exchanges codes from its server, so no browser origin ever needs CORS on client endpoints.
    clientBasedCORS: () => false,
    findAccount: (_ctx, sub) => {
      const member = findMemberBySub(sub);
      if (!member) return undefined;
      return { accountId: member.sub, claims: () => ({ ...memberClaims(member, options.publicUrl) }) };
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => renderHtml(ctx, logoutPage(form)),
        postLogoutSuccessSource: (ctx) => renderHtml(ctx, signedOutPage()),
      },
    },
    renderError: (ctx, out) => renderHtml(ctx, errorPage(out.error, out.error_description)),
  };
  const provider = new Provider(options.issuer, configuration);
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => {
    console.error('sandbox sso: provider error', error);
  });
  return provider;
}
