/**
 * LinkedIn: "Authorization Code Flow (3-legged OAuth)", "Sign In with LinkedIn using OpenID Connect"
 * (/v2/userinfo), and the versioned Posts and Images APIs (/rest/posts, /rest/images) posting as the member.
 */
import type {
  OAuth2Tokens,
  AuthorizeRequest,
  NetworkProfile,
  PlatformSettings,
  PublishingAdapter,
  TokenCredentials,
} from '../types.js';
import { linkedInAuth } from './auth.js';
import { linkedInCaller } from './call.js';
import { linkedInMetrics } from './metrics.js';
import { linkedInPosts } from './publish.js';

export { LINKEDIN_SCOPES } from './auth.js';

/** A LinkedIn-Version (YYYYMM) LinkedIn supports; versions are retired about a year after release. */
export const DEFAULT_LINKEDIN_VERSION = '202610';

export interface LinkedInAdapter extends PublishingAdapter<TokenCredentials> {
  readonly network: 'linkedin';
  /** The authorization URL; `scopes` default to LINKEDIN_SCOPES. */
  authorizeUrl(request: AuthorizeRequest): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<OAuth2Tokens>;
  /** Only apps LinkedIn approved for refresh tokens get one; the refresh token keeps its original expiry. */
  refresh(refreshToken: string): Promise<OAuth2Tokens>;
  /** The member (GET /v2/userinfo): `accountId` is `sub`, the id in `urn:li:person:{id}`. */
  profile(accessToken: string): Promise<NetworkProfile>;
}

/** The LinkedIn adapter: sign-in (auth.ts), posts and their pictures (publish.ts, media.ts), engagement (metrics.ts). */
export function createLinkedInAdapter(settings: PlatformSettings): LinkedInAdapter {
  const call = linkedInCaller(settings);
  return {
    network: 'linkedin',
    ...linkedInAuth(settings, call),
    ...linkedInPosts(settings, call),
    ...linkedInMetrics(settings, call),
  };
}
