/**
 * X: the OAuth 1.0a three-legged flow ("Obtaining access tokens using 3-legged OAuth flow"), the v2 user
 * lookup, media upload with alt text, post creation and user Post timeline, every call signed with OAuth 1.0a
 * user context.
 */
import type { NetworkProfile, PlatformSettings, PublishingAdapter, XCredentials } from '../types.js';
import { type XAccessToken, xAuth, type XRequestToken } from './auth.js';
import { xCaller } from './call.js';
import { xMetrics } from './metrics.js';
import { xPosts } from './publish.js';

export type { XAccessToken, XRequestToken } from './auth.js';

export interface XAdapter extends PublishingAdapter<XCredentials> {
  readonly network: 'x';
  /** Step 1: a request token for `callbackUrl` (which must be registered in the X app). */
  requestToken(callbackUrl: string): Promise<XRequestToken>;
  /** Step 3: trades the authorized request token and the callback's `oauth_verifier` for the member's token. */
  accessToken(input: {
    oauthToken: string;
    oauthTokenSecret: string;
    oauthVerifier: string;
  }): Promise<XAccessToken>;
  /** The connected account (GET /2/users/me); `handle` is the username without "@". */
  profile(credentials: XCredentials): Promise<NetworkProfile>;
}

/** The X adapter: connecting (auth.ts), posts and their pictures (publish.ts), engagement (metrics.ts). */
export function createXAdapter(settings: PlatformSettings): XAdapter {
  const call = xCaller(settings);
  return { network: 'x', ...xAuth(settings, call), ...xPosts(settings, call), ...xMetrics(call) };
}
