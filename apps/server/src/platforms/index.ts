/**
 * The social networks FitPost publishes to, one adapter each, plain HTTP clients to their documented APIs.
 * Every failure is a PlatformError whose `kind` tells the publishing engine what to do (errors.ts).
 */
import { createFacebookAdapter, type FacebookAdapter } from './facebook.js';
import { createInstagramAdapter, type InstagramAdapter } from './instagram.js';
import { createLinkedInAdapter, type LinkedInAdapter } from './linkedin/adapter.js';
import type { PlatformSettings } from './types.js';
import { createXAdapter, type XAdapter } from './x/adapter.js';

export interface Platforms {
  x: XAdapter;
  linkedin: LinkedInAdapter;
  facebook: FacebookAdapter;
  instagram: InstagramAdapter;
}

/** The four adapters, configured from the server's settings. */
export function createPlatforms(settings: PlatformSettings): Platforms {
  return {
    x: createXAdapter(settings),
    linkedin: createLinkedInAdapter(settings),
    facebook: createFacebookAdapter(settings),
    instagram: createInstagramAdapter(settings),
  };
}

export { PlatformError, type PlatformErrorKind } from './errors.js';
export {
  FACEBOOK_SCOPES,
  type ConnectedPage,
  type FacebookAdapter,
  type FacebookUserToken,
} from './facebook.js';
export { type InstagramAdapter, type PublishingQuota } from './instagram.js';
export { DEFAULT_LINKEDIN_VERSION, LINKEDIN_SCOPES, type LinkedInAdapter } from './linkedin/adapter.js';
export type * from './types.js';
export { type XAccessToken, type XAdapter, type XRequestToken } from './x/adapter.js';
