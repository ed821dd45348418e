import type { SignInCallback, UserInfo } from '@fitpost/contract';
import * as client from 'openid-client';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { authRequests, portals, usedIdTokens } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { originOf } from '../../lib/hosts.js';
import { hashToken } from '../../lib/tokens.js';
import { parseClaims } from './claims.js';
import type { OidcProvider } from './oidc.js';
import { signIn } from './sign-in.js';

/** How long a started sign-in may take before its state is refused. */
export const signInWindowMs = 10 * 60_000;

const redirectUriFor = (config: Config, host: string) => `${originOf(host, config.publicUrl)}/oauth`;

function assertAllowedHost(config: Config, host: string) {
  if (!config.publicHosts.includes(host.toLowerCase())) {
    throw new AppError(
      'bad_request',
      `Sign-in cannot return to ${host}: it is not one of FitPost's addresses`,
    );
  }
}

/**
 * Starts a sign-in: stores state, PKCE verifier, nonce and the hash of this browser's binding
 * cookie, and returns the provider URL.
 */
export async function beginSignIn(
  db: Db,
  oidc: OidcProvider,
  config: Config,
  input: { host: string; browser: string },
): Promise<string> {
  const { host } = input;
  assertAllowedHost(config, host);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const redirectUri = redirectUriFor(config, host.toLowerCase());
  const now = Date.now();
  await db.delete(authRequests).where(lt(authRequests.expiresAt, new Date(now)));
  await db.insert(authRequests).values({
    state,
    nonce,
    codeVerifier,
    redirectUri,
    browserHash: hashToken(input.browser),
    expiresAt: new Date(now + signInWindowMs),
  });
  return oidc.authorizeUrl({
    redirectUri,
    state,
    nonce,
    codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
  });
}

/**
 * Finishes a sign-in in the browser that started it: the state is used up whatever happens next
 * (one attempt per state), the code is exchanged, and the verified claims become a user and a
 * session. A callback URL carried to another browser (login CSRF) matches nothing and leaves the
 * real one usable.
 */
export async function completeSignIn(
  db: Db,
  oidc: OidcProvider,
  config: Config,
  input: SignInCallback & { browser: string | null },
): Promise<UserInfo> {
  assertAllowedHost(config, input.host);
  const [pending] = input.browser
    ? await db
        .delete(authRequests)
        .where(
          and(eq(authRequests.state, input.state), eq(authRequests.browserHash, hashToken(input.browser))),
        )
        .returning()
    : [];
  if (!pending || pending.expiresAt.getTime() < Date.now()) {
    throw new AppError('bad_request', 'This sign-in has expired or was already used. Please sign in again.');
  }
  if (pending.redirectUri !== redirectUriFor(config, input.host.toLowerCase())) {
    throw new AppError('bad_request', 'This sign-in was started on another address. Please sign in again.');
  }
  const callbackUrl = new URL(pending.redirectUri);
  callbackUrl.searchParams.set('code', input.code);
  callbackUrl.searchParams.set('state', input.state);
  if (input.iss) callbackUrl.searchParams.set('iss', input.iss);
  const { claims, idToken } = await oidc.exchange(callbackUrl, {
    state: pending.state,
    nonce: pending.nonce,
    codeVerifier: pending.codeVerifier,
  });
  return signIn(db, parseClaims(claims), config, { idToken, timeZone: input.timeZone });
}

/**
 * GET /api/user/verify: an ID token the portal's provider issued to FitPost, for portal `alias`.
 * Each token works once (remembered by `jti`, else hash, until it expires), and a token minted
 * for the browser sign-in (it carries that flow's `nonce`) is refused.
 */
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
  const payload = await oidc.verifyIdToken(token);
  if (payload.nonce !== undefined) {
    throw new AppError(
      'no_access',
      'This sign-in token belongs to a browser sign-in and cannot be used here.',
    );
  }
  const claims = parseClaims(payload);
  if (claims.portal_id !== portal.id) {
    throw new AppError('no_access', 'This sign-in token was issued for another portal.');
  }
  await useIdTokenOnce(db, token, payload);
  return signIn(db, claims, config, { idToken: token });
}

/** Records an accepted ID token; refuses one seen before. Expired records are pruned on the way. */
async function useIdTokenOnce(db: Db, token: string, payload: { jti?: unknown; exp?: unknown }) {
  const now = new Date();
  const key = typeof payload.jti === 'string' ? `jti:${payload.jti}` : `sha256:${hashToken(token)}`;
  // verifyIdToken requires exp; keep the record a minute past it for clock skew.
  const expiresAt = new Date((Number(payload.exp) + 60) * 1000);
  await db.delete(usedIdTokens).where(lt(usedIdTokens.expiresAt, now));
  const [fresh] = await db
    .insert(usedIdTokens)
    .values({ key, expiresAt })
    .onConflictDoNothing()
    .returning({ key: usedIdTokens.key });
  if (!fresh) throw new AppError('no_access', 'This sign-in token was already used. Please sign in again.');
}
