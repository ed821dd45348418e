import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';

export interface AuthorizeRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

/**
 * The organisation's OpenID Connect provider, discovered lazily (so FitPost starts even when the
 * provider is briefly down) and re-discovered after a failure.
 */
export class OidcProvider {
  private config: Promise<client.Configuration> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(private readonly settings: Config['oidc']) {}

  private discover(): Promise<client.Configuration> {
    this.config ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        undefined,
        client.ClientSecretBasic(this.settings.clientSecret),
        this.settings.allowHttp ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        this.config = undefined;
        throw new AppError('upstream', `The sign-in provider could not be reached (${describe(err)}).`);
      });
    return this.config;
  }

  /** The provider's authorize URL for one sign-in attempt. */
  async authorizeUrl(req: AuthorizeRequest): Promise<string> {
    const config = await this.discover();
    return client
      .buildAuthorizationUrl(config, {
        redirect_uri: req.redirectUri,
        scope: this.settings.scopes,
        state: req.state,
        nonce: req.nonce,
        code_challenge: req.codeChallenge,
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /**
   * Exchanges a code; openid-client checks state, PKCE and the ID token (iss, aud, nonce, exp,
   * signature). Returns its claims and the raw token (the hint for the provider's logout).
   */
  async exchange(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }) {
    const config = await this.discover();
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      return { claims: tokens.claims() ?? {}, idToken: tokens.id_token ?? null };
    } catch (err) {
      throw new AppError('no_access', `The sign-in could not be completed: ${describe(err)}`);
    }
  }

  /**
   * The provider's RP-initiated logout URL ending its session for the member the ID token names,
   * returning the browser to `postLogoutRedirectUri`; null when the provider offers no logout.
   */
  async endSessionUrl(idToken: string | null, postLogoutRedirectUri: string): Promise<string | null> {
    const config = await this.discover();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client
      .buildEndSessionUrl(config, {
        post_logout_redirect_uri: postLogoutRedirectUri,
        ...(idToken ? { id_token_hint: idToken } : {}),
      })
      .toString();
  }

  /** Verifies an ID token the provider issued to FitPost (signature, iss, aud, exp). */
  async verifyIdToken(token: string): Promise<Record<string, unknown>> {
    const config = await this.discover();
    const meta = config.serverMetadata();
    if (!meta.jwks_uri) throw new AppError('upstream', 'The sign-in provider publishes no signing keys.');
    this.jwks ??= createRemoteJWKSet(new URL(meta.jwks_uri));
    try {
      const { payload } = await jwtVerify(token, this.jwks, {
        issuer: meta.issuer,
        audience: this.settings.clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return payload;
    } catch (err) {
      throw new AppError('no_access', `The sign-in token is not valid: ${describe(err)}`);
    }
  }
}

/** The most specific reason in an openid-client error chain, in the provider's words where it gave some. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const described = (err as Error & { error_description?: unknown }).error_description;
  if (typeof described === 'string') return described;
  return err.cause instanceof Error ? describe(err.cause) : err.message;
}
