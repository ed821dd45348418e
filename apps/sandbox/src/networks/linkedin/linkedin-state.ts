import { IdSequence, randomToken } from '../network.js';

export interface LinkedInMember {
  /** The person id: `sub` in /v2/userinfo, `urn:li:person:<id>` as a post author. */
  id: string;
  givenName: string;
  familyName: string;
  email: string;
  /** Bumped when the member's tokens are revoked; older tokens stop working. */
  generation: number;
}

export interface LinkedInAccessToken {
  memberId: string;
  scopes: readonly string[];
  expiresAt: number;
  generation: number;
  revoked: boolean;
}

export interface LinkedInRefreshToken {
  memberId: string;
  scopes: readonly string[];
  /** Fixed at the first authorization: refreshing never extends it (Refresh Tokens with OAuth 2.0). */
  expiresAt: number;
  generation: number;
}

export interface LinkedInAuthorizationCode {
  memberId: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  expiresAt: number;
}

/** Images API image statuses. */
type LinkedInImageStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';

export interface LinkedInImage {
  urn: string;
  memberId: string;
  status: LinkedInImageStatus;
  uploadUrlExpiresAt: number;
  size?: number;
  /** While PROCESSING: reads still answered PROCESSING before the image becomes `processed`. */
  processingReads?: number;
  processed?: 'AVAILABLE' | 'PROCESSING_FAILED';
}

/** An uploaded image stays PROCESSING for this many reads of GET /rest/images/{urn}, as LinkedIn's take a moment. */
export const PROCESSING_READS = 1;

/** A post as the Posts API returns it when read back (find by author). */
export interface LinkedInPost {
  id: string;
  author: string;
  commentary: string;
  visibility: string;
  distribution: unknown;
  content?: unknown;
  lifecycleState: 'PUBLISHED' | 'DRAFT';
  isReshareDisabledByAuthor: boolean;
  createdAt: number;
  lastModifiedAt: number;
}

const DAY_SECONDS = 24 * 60 * 60;
/** Authorization Code Flow: access tokens live 60 days, refresh tokens a year, codes 30 minutes. */
const ACCESS_TOKEN_TTL_SECONDS = 60 * DAY_SECONDS;
const REFRESH_TOKEN_TTL_SECONDS = 365 * DAY_SECONDS;
const CODE_TTL_MS = 30 * 60 * 1000;
const UPLOAD_URL_TTL_MS = 24 * 60 * 60 * 1000;

export function personUrn(memberId: string): string {
  return `urn:li:person:${memberId}`;
}

/** How long tokens minted from now on live; tests shorten them through /_sandbox/linkedin/tokens. */
export interface TokenLifetimes {
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
}

export const DEFAULT_TOKEN_LIFETIMES: TokenLifetimes = {
  accessTokenSeconds: ACCESS_TOKEN_TTL_SECONDS,
  refreshTokenSeconds: REFRESH_TOKEN_TTL_SECONDS,
};

/** Everything LinkedIn remembers, in Maps so publishing stays O(1) per call. */
export class LinkedInState {
  lifetimes: TokenLifetimes = { ...DEFAULT_TOKEN_LIFETIMES };
  readonly members = new Map<string, LinkedInMember>();
  readonly accessTokens = new Map<string, LinkedInAccessToken>();
  readonly refreshTokens = new Map<string, LinkedInRefreshToken>();
  readonly codes = new Map<string, LinkedInAuthorizationCode>();
  /** By image URN, and by the secret part of its upload URL. */
  readonly images = new Map<string, LinkedInImage>();
  readonly uploads = new Map<string, string>();
  /** By member id, oldest first. */
  readonly posts = new Map<string, LinkedInPost[]>();
  /** By post URN, for social actions. */
  readonly postsById = new Map<string, LinkedInPost>();
  readonly shareIds = new IdSequence(7_300_000_000_000_000_000n);
  private readonly memberIds = new IdSequence(1n);

  addMember(member: Omit<LinkedInMember, 'generation' | 'id'> & { id?: string }): LinkedInMember {
    const created = { ...member, id: member.id ?? `Mbr${this.memberIds.take()}`, generation: 0 };
    this.members.set(created.id, created);
    return created;
  }

  createCode(code: Omit<LinkedInAuthorizationCode, 'expiresAt'>): string {
    const value = randomToken(32);
    this.codes.set(value, { ...code, expiresAt: Date.now() + CODE_TTL_MS });
    return value;
  }

  /** Codes are single use: taking one removes it, valid or not. */
  takeCode(value: string): LinkedInAuthorizationCode | undefined {
    const code = this.codes.get(value);
    this.codes.delete(value);
    return code && code.expiresAt >= Date.now() ? code : undefined;
  }

  issueAccessToken(member: LinkedInMember, scopes: readonly string[]): string {
    const value = randomToken(48);
    this.accessTokens.set(value, {
      memberId: member.id,
      scopes,
      expiresAt: Date.now() + this.lifetimes.accessTokenSeconds * 1000,
      generation: member.generation,
      revoked: false,
    });
    return value;
  }

  issueRefreshToken(member: LinkedInMember, scopes: readonly string[]): string {
    const value = randomToken(48);
    this.refreshTokens.set(value, {
      memberId: member.id,
      scopes,
      expiresAt: Date.now() + this.lifetimes.refreshTokenSeconds * 1000,
      generation: member.generation,
    });
    return value;
  }

  createImage(member: LinkedInMember): { image: LinkedInImage; uploadId: string } {
    const urn = `urn:li:image:${randomToken(12)}`;
    const image: LinkedInImage = {
      urn,
      memberId: member.id,
      status: 'WAITING_UPLOAD',
      uploadUrlExpiresAt: Date.now() + UPLOAD_URL_TTL_MS,
    };
    const uploadId = randomToken(24);
    this.images.set(urn, image);
    this.uploads.set(uploadId, urn);
    return { image, uploadId };
  }

  addPost(memberId: string, post: LinkedInPost): void {
    const posts = this.posts.get(memberId) ?? [];
    posts.push(post);
    this.posts.set(memberId, posts);
    this.postsById.set(post.id, post);
  }

  revokeMember(memberId: string): void {
    const member = this.members.get(memberId);
    if (member) member.generation += 1;
  }
}
