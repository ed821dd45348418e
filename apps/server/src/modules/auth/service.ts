import type { UserInfo } from '@fitpost/contract';
import * as client from 'openid-client';
import { eq, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { authRequests, portals } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { originOf } from '../../lib/hosts.js';
import { parseClaims } from './claims.js';
import type { OidcProvider } from './oidc.js';
import { signIn } from './sign-in.js';

/** How long a started sign-in may take before its state is refused. */
const signInWindowMs = 10 * 60_000;

const redirectUriFor = (host: string) => `${originOf(host)}/oauth`;

function assertAllowedHost(config: Config, host: string) {
  if (!config.publicHosts.includes(host.toLowerCase())) {
    throw new AppError(
      'bad_request',
      `Sign-in cannot return to ${host}: it is not one of FitPost's addresses`,
    );
  }
}

/** Starts a sign-in: stores state, PKCE verifier and nonce, and returns the provider URL. */
export async function beginSignIn(db: Db, oidc: OidcProvider, config: Config, host: string): Promise<string> {
  assertAllowedHost(config, host);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const redirectUri = redirectUriFor(host.toLowerCase());
  const now = Date.now();
  await db.delete(authRequests).where(lt(authRequests.expiresAt, new Date(now)));
  await db
    .insert(authRequests)
    .values({ state, nonce, codeVerifier, redirectUri, expiresAt: new Date(now + signInWindowMs) });
  return oidc.authorizeUrl({
    redirectUri,
    state,
    nonce,
    codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
  });
}

/**
 * Finishes a sign-in: the state is used up whatever happens next (one attempt per state),
 * the code is exchanged, and the verified claims become a user and a session.
 */
export async function completeSignIn(
  db: Db,
  oidc: OidcProvider,
  config: Config,
  input: { code: string; state: string; iss?: string | undefined; host: string },
): Promise<UserInfo> {
  assertAllowedHost(config, input.host);
  const [pending] = await db.delete(authRequests).where(eq(authRequests.state, input.state)).returning();
  if (!pending || pending.expiresAt.getTime() < Date.now()) {
    throw new AppError('bad_request', 'This sign-in has expired or was already used. Please sign in again.');
  }
  if (pending.redirectUri !== redirectUriFor(input.host.toLowerCase())) {
    throw new AppError('bad_request', 'This sign-in was started on another address. Please sign in again.');
  }
  const callbackUrl = new URL(pending.redirectUri);
  callbackUrl.searchParams.set('code', input.code);
  callbackUrl.searchParams.set('state', input.state);
  if (input.iss) callbackUrl.searchParams.set('iss', input.iss);
  const claims = await oidc.exchange(callbackUrl, {
    state: pending.state,
    nonce: pending.nonce,
    codeVerifier: pending.codeVerifier,
  });
  return signIn(db, parseClaims(claims), config);
}

/** GET /api/user/verify: an ID token the portal's provider issued to FitPost, for portal `alias`. */
export async function verifyPortalToken(
  db: Db,
  oidc: OidcProvider,
  config: Config,
  alias: string,
  token: string,
): Promise<UserInfo> {
  const [portal] = await db
    .select()
    .from(portals)
    .where(or(eq(portals.alias, alias), sql`${portals.id}::text = ${alias}`));
  if (!portal) throw notFound('Portal');
  const claims = parseClaims(await oidc.verifyIdToken(token));
  if (claims.portal_id !== portal.id) {
    throw new AppError('no_access', 'This sign-in token was issued for another portal.');
  }
  return signIn(db, claims, config);
}
