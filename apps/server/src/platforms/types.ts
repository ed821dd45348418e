/**
 * What the publishing engine and the connection routes see of the four networks: settings, credentials,
 * targets and results. Each network's adapter (x.ts, linkedin.ts, facebook.ts, instagram.ts) implements
 * its part; every failure is a PlatformError (errors.ts).
 */
import type { Network } from '@fitpost/contract';

/** The contract's network ids. */
export type NetworkId = Network;

/** Where each network lives and FitPost's app credentials there; config.ts builds it from FITPOST_* variables. */
export interface PlatformSettings {
  x: {
    /** https://api.x.com (the OAuth 1.0a endpoints live on the same host). */
    apiUrl: string;
    consumerKey: string;
    consumerSecret: string;
  };
  linkedin: {
    /** https://www.linkedin.com/oauth/v2 */
    authUrl: string;
    /** https://api.linkedin.com */
    apiUrl: string;
    clientId: string;
    clientSecret: string;
    /** The `LinkedIn-Version` (YYYYMM) of the versioned /rest APIs. */
    version: string;
  };
  facebook: {
    /** https://www.facebook.com/v23.0/dialog/oauth */
    authUrl: string;
    /** https://graph.facebook.com/v23.0 (Facebook Pages and Instagram alike). */
    graphUrl: string;
    clientId: string;
    clientSecret: string;
  };
  /** Limit for one HTTP exchange with a network, connection to last byte. */
  timeoutMs: number;
  /** How often, and how many times, to ask Instagram whether a media container is ready. */
  instagramPollMs: number;
  instagramPollLimit: number;
  /** How often, and how many times, to ask LinkedIn whether an uploaded image is processed (1000 ms, 20 times). */
  linkedinImagePollMs?: number;
  linkedinImagePollLimit?: number;
}

/** X user-context credentials (OAuth 1.0a token credentials); they do not expire. */
export interface XCredentials {
  token: string;
  tokenSecret: string;
}

/** A bearer token: LinkedIn member token, Facebook Page token (also used for the Page's Instagram account). */
export interface TokenCredentials {
  accessToken: string;
}

/** The graphic of a post. */
export interface PublishMedia {
  /** A public URL the network can download (Facebook and Instagram fetch it themselves). */
  url: string;
  /** The bytes, for networks that take an upload (X, LinkedIn); without it the adapter downloads `url`. */
  bytes?: () => Promise<Buffer>;
  mimeType: string;
  /**
   * The same image as a JPEG, for networks that take JPEG only (Instagram); set when `url` is not one
   * (FitPost keeps transparent uploads as PNG and serves them flattened at this address).
   */
  jpegUrl?: string;
  altText?: string;
}

/** One post on one connected account, with decrypted credentials. */
export interface PublishTarget<C> {
  credentials: C;
  /** The account's id on its network: X user id, LinkedIn person id (`sub`), Page id, Instagram user id. */
  accountId: string;
  text: string;
  media?: PublishMedia;
  /** A link to share with the post (a link preview on Facebook, appended to the text elsewhere). */
  link?: string;
}

export interface PublishResult {
  /** The network's id for the post: store it the moment it arrives. */
  remoteId: string;
  /** Where the member can see the post, when the network's answer tells. */
  url?: string;
}

/** Whether a publish whose answer was lost (PlatformError kind `unknown`) actually landed. */
export type ReconcileResult = { found: true; remoteId: string; url?: string } | { found: false };

interface ReconcileOptions {
  /** When the ambiguous publish attempt started; posts from before (allowing for clock skew) are ignored. */
  since: Date;
}

/**
 * What a network says a post has earned so far. `null` where the network does not tell (LinkedIn shows a
 * member's post's impressions to nobody but analytics partners; Instagram has no link clicks): unknown is
 * never reported as zero.
 */
export interface PostMetrics {
  impressions: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  clicks: number | null;
}

/** Several posts of one account, asked about in one call (at most the adapter's `metricsBatchSize`). */
interface MetricsRequest<C> {
  credentials: C;
  accountId: string;
  remoteIds: readonly string[];
}

/** Publishing to one network; `C` is the credentials it takes. */
export interface PublishingAdapter<C> {
  readonly network: NetworkId;
  /** How many posts one metrics call can ask about. */
  readonly metricsBatchSize: number;
  /**
   * The current figures of the account's posts, by remote id; a post the network no longer knows (deleted)
   * is left out. Read-only, safe to retry; failures are PlatformErrors like publishing's.
   */
  metrics(request: MetricsRequest<C>): Promise<Map<string, PostMetrics>>;
  /** Publishes the post. Never retry this after a PlatformError of kind `unknown`: reconcile first. */
  publish(target: PublishTarget<C>): Promise<PublishResult>;
  /** Looks for the post among the account's recent posts (same target as `publish`). Read-only, safe to retry. */
  reconcile(target: PublishTarget<C>, options: ReconcileOptions): Promise<ReconcileResult>;
}

/** The account a connection is for, as the member will recognise it. */
export interface NetworkProfile {
  accountId: string;
  name: string;
  /** `@handle` where the network has one. */
  handle?: string;
  pictureUrl?: string;
}

/** OAuth 2.0 tokens (LinkedIn). */
export interface OAuth2Tokens {
  accessToken: string;
  expiresAt?: Date;
  refreshToken?: string;
  refreshExpiresAt?: Date;
  scope: string[];
}

/** Where the member is sent to grant access, and what comes back. */
export interface AuthorizeRequest {
  state: string;
  redirectUri: string;
  /** Defaults to the adapter's documented scopes (LINKEDIN_SCOPES, FACEBOOK_SCOPES). */
  scopes?: readonly string[];
}
