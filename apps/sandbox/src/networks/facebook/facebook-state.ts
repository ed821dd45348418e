import { IdSequence, randomToken } from '../network.js';

export interface FacebookUser {
  id: string;
  name: string;
  email: string;
  /** Bumped when the person's authorization of the app is revoked: all their tokens stop working. */
  generation: number;
  pageIds: string[];
}

export interface FacebookPage {
  id: string;
  name: string;
  category: string;
  generation: number;
  adminIds: string[];
  instagramId?: string;
  /** The Page's own posts, oldest first, for GET /{page-id}/feed. */
  posts: PagePost[];
}

/** A post on a Page's feed: a status update, a link, or the post a photo made. */
export interface PagePost {
  id: string;
  message?: string;
  createdAt: number;
}

/** A published Instagram post, for GET /{ig-user-id}/media. */
export interface InstagramMedia {
  id: string;
  caption: string;
  /** The code in the post's permalink, https://www.instagram.com/p/{shortcode}/. */
  shortcode: string;
  createdAt: number;
}

export interface InstagramAccount {
  id: string;
  username: string;
  name: string;
  pageId: string;
  /** When each API publish happened (epoch ms), for the rolling 24-hour publishing limit. */
  publishTimes: number[];
  /** Published posts, oldest first. */
  media: InstagramMedia[];
}

export type GraphToken =
  | {
      kind: 'user';
      userId: string;
      generation: number;
      expiresAt: number;
      longLived: boolean;
      revoked: boolean;
    }
  | {
      kind: 'page';
      userId: string;
      pageId: string;
      userGeneration: number;
      pageGeneration: number;
      /** Page tokens got with a long-lived user token do not expire ("Long-Lived Access Tokens"). */
      expiresAt: number | undefined;
      revoked: boolean;
    };

export interface DialogCode {
  userId: string;
  redirectUri: string;
  scopes: readonly string[];
  expiresAt: number;
  used: boolean;
}

type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'PUBLISHED' | 'EXPIRED';

/** An Instagram media container: created from an image URL, published once it is FINISHED. */
export interface MediaContainer {
  id: string;
  igUserId: string;
  caption: string;
  /** `alt_text` (image posts only, per "Content Publishing"). */
  altText?: string;
  status: ContainerStatus;
  createdAt: number;
  /** Why processing failed, as the error media_publish will answer with. */
  failure?: { code: number; subcode: number; message: string };
  mediaId?: string;
}

/** Manual login flow: short-lived tokens last an hour or two, long-lived ones about 60 days. */
const SHORT_LIVED_SECONDS = 90 * 60;
const LONG_LIVED_SECONDS = 60 * 24 * 60 * 60;
const CODE_TTL_MS = 10 * 60 * 1000;

/** Everything the Graph host remembers for Facebook and Instagram, in Maps for O(1) publishing. */
export class FacebookState {
  readonly users = new Map<string, FacebookUser>();
  readonly pages = new Map<string, FacebookPage>();
  readonly instagram = new Map<string, InstagramAccount>();
  readonly tokens = new Map<string, GraphToken>();
  readonly codes = new Map<string, DialogCode>();
  readonly containers = new Map<string, MediaContainer>();
  /** Page posts and Instagram media by id, with their owner, for multi-id reads (`GET /?ids=`). */
  readonly pagePosts = new Map<string, { post: PagePost; pageId: string }>();
  readonly instagramMedia = new Map<string, { media: InstagramMedia; accountId: string }>();
  readonly userIds = new IdSequence(10_000_000_100_000_000n);
  readonly pageIds = new IdSequence(100_000_100_000_000n);
  readonly instagramIds = new IdSequence(17_841_401_000_000_000n);
  readonly postIds = new IdSequence(122_100_000_000_000_000n);
  readonly containerIds = new IdSequence(17_889_455_560_000_000n);
  readonly mediaIds = new IdSequence(18_030_000_000_000_000n);

  addUser(user: { id?: string; name: string; email: string }): FacebookUser {
    const created = { ...user, id: user.id ?? this.userIds.take(), generation: 0, pageIds: [] };
    this.users.set(created.id, created);
    return created;
  }

  addPage(owner: FacebookUser, page: { id?: string; name: string; category: string }): FacebookPage {
    const created: FacebookPage = {
      ...page,
      id: page.id ?? this.pageIds.take(),
      generation: 0,
      adminIds: [owner.id],
      posts: [],
    };
    this.pages.set(created.id, created);
    owner.pageIds.push(created.id);
    return created;
  }

  addInstagram(
    page: FacebookPage,
    account: { id?: string; username: string; name: string },
  ): InstagramAccount {
    const created = {
      ...account,
      id: account.id ?? this.instagramIds.take(),
      pageId: page.id,
      publishTimes: [],
      media: [],
    };
    this.instagram.set(created.id, created);
    page.instagramId = created.id;
    return created;
  }

  issueUserToken(user: FacebookUser, longLived: boolean): { token: string; expiresIn: number } {
    const expiresIn = longLived ? LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS;
    const token = `EAA${randomToken(48)}`;
    this.tokens.set(token, {
      kind: 'user',
      userId: user.id,
      generation: user.generation,
      expiresAt: Date.now() + expiresIn * 1000,
      longLived,
      revoked: false,
    });
    return { token, expiresIn };
  }

  issuePageToken(user: FacebookUser, page: FacebookPage, expiresAt: number | undefined): string {
    const token = `EAA${randomToken(48)}`;
    this.tokens.set(token, {
      kind: 'page',
      userId: user.id,
      pageId: page.id,
      userGeneration: user.generation,
      pageGeneration: page.generation,
      expiresAt,
      revoked: false,
    });
    return token;
  }

  createCode(code: Omit<DialogCode, 'expiresAt' | 'used'>): string {
    const value = randomToken(48);
    this.codes.set(value, { ...code, expiresAt: Date.now() + CODE_TTL_MS, used: false });
    return value;
  }

  /** Revokes every token that reaches the Page: its own and those of the people who manage it. */
  revokePage(pageId: string): void {
    const page = this.pages.get(pageId);
    if (!page) return;
    page.generation += 1;
    for (const adminId of page.adminIds) this.revokeUser(adminId);
  }

  revokeUser(userId: string): void {
    const user = this.users.get(userId);
    if (user) user.generation += 1;
  }

  addPagePost(page: FacebookPage, post: PagePost): void {
    page.posts.push(post);
    this.pagePosts.set(post.id, { post, pageId: page.id });
  }

  addMedia(account: InstagramAccount, media: InstagramMedia): void {
    account.media.push(media);
    this.instagramMedia.set(media.id, { media, accountId: account.id });
  }
}
