import { z } from 'zod';
import { pageQuery, pagedOf, queryBoolean, uuid } from './common.js';
import { systemUserId } from './constants.js';

/**
 * The content library (issue 4): brands, content items, tags, favourites and content feeds.
 *
 * API style (spec §7): an upsert is POST `path` when the body's id is empty or 0, else PUT
 * `path/{id}`; multi-delete is DELETE `path` with a body `{ ids }`; lists are paged with `page`,
 * `pagesize`, `sort` and `desc` and answer `{ items, total, page, pageSize }`. Members read; writes
 * (brands, content, tags, system feeds) are for admins (403 otherwise). Another portal's ids
 * answer 404.
 */
export const libraryApi = {
  brands: '/api/brand',
  brand: (id: string) => `/api/brand/${id}`,
  content: '/api/content',
  contentItem: (id: string) => `/api/content/${id}`,
  tags: '/api/tag',
  tag: (id: string) => `/api/tag/${id}`,
  /** POST `{ ids, searchable? }`: the Tags screen's 'Toggle Searchable'. */
  tagsSearchable: '/api/tag/searchable',
  favorites: '/api/favorite',
  favorite: (contentId: string) => `/api/favorite/${contentId}`,
  feeds: '/api/feed',
  feed: (id: string) => `/api/feed/${id}`,
  /** GET: refreshes the member's feeds and the portal's system feeds (spec §4, §7). */
  feedConsume: (userId: string) => `/api/feed/consume/${userId}`,
} as const;

export const libraryLimits = {
  titleMaxLength: 300,
  /** Same ceiling as a post's body: a caption is meant to become one. */
  bodyMaxLength: 63_206,
  brandNameMaxLength: 100,
  descriptionMaxLength: 2000,
  tagNameMaxLength: 50,
  tagsPerItem: 20,
  /** How many tags one search may filter by. */
  tagsPerSearch: 10,
  keywordMaxLength: 200,
  urlMaxLength: 2000,
  feedNameMaxLength: 200,
  /** Ids per multi-delete or bulk change. */
  idsPerRequest: 500,
} as const;

/** Every text the library's screens and errors show, in one place. */
export const libraryMessages = {
  titleRequired: 'Please add a title',
  brandNameRequired: 'Please name the brand',
  tagNameRequired: 'Please name the tag',
  tagNameTaken: 'A tag with that name already exists',
  brandNameTaken: 'A brand with that name already exists',
  windowOrder: 'The active window must end after it starts',
  graphicNotYours: 'Choose an image you uploaded',
  unknownBrand: 'Choose a brand of this portal',
  unknownTags: 'Choose tags of this portal',
  adminOnly: 'Only administrators can change the content library',
  allContentAdminOnly: 'Only administrators can list content outside its active window',
  feedNameRequired: 'Please name the feed',
  feedUrlInvalid: 'Enter the feed address as an http:// or https:// URL',
  linkInvalid: 'Enter the link as an http:// or https:// URL',
  systemFeedAdminOnly: 'Only administrators can add or change system feeds',
  systemFeedUser: `A system feed belongs to no member: its userId is ${systemUserId}`,
  feedOtherMember: 'You can only manage your own feeds',
  feedOtherPortal: 'You can only list feeds of your own portal',
  consumeOtherMember: 'You can only refresh your own feeds',
  idMismatch: 'The id in the body does not match the URL',
  idOnCreate: 'Leave id empty (or 0) to create; use PUT with the id to update',
  emptyResults: 'No content matches your search',
  emptyFavorites: 'You have no favourites yet',
} as const;

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Upsert bodies: empty, 0 or absent means "create". */
const upsertId = z.union([uuid, z.literal(''), z.literal(0)]).optional();

const httpUrl = (message: string) => z.url({ protocol: /^https?$/, message }).max(libraryLimits.urlMaxLength);

const instant = z.iso.datetime({ offset: true });

/** A query-string list: `a,b,c` (also accepted repeated: `?x=a&x=b`). */
const uuidList = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(uuid).max(max));

/** Multi-delete body of the library's resources (spec §7: a body with ids). */
export const libraryIdsBody = z.object({
  ids: z.array(uuid).min(1).max(libraryLimits.idsPerRequest),
});
export type LibraryIdsBody = z.infer<typeof libraryIdsBody>;

export const libraryIdParams = z.object({ id: uuid });
export const favoriteParams = z.object({ contentId: uuid });
export const feedConsumeParams = z.object({ userId: uuid });

const sortDirection = {
  /** Absent: each sort's natural direction (dates newest first, names A→Z, recommended first). */
  desc: queryBoolean.optional(),
};

// ---------------------------------------------------------------------------------------------
// Brands

export const brand = z
  .object({
    id: uuid,
    name: z.string(),
    description: z.string(),
    logoMediaId: uuid.nullable(),
    logoUrl: z.string().nullable(),
    /** Content items of this brand the caller can browse now (active window, visible to them). */
    contentCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Brand' });
export type Brand = z.infer<typeof brand>;

export const brandSortFields = ['name', 'createdAt', 'contentCount'] as const;

export const brandSearchQuery = pageQuery.extend({
  q: z.string().trim().max(libraryLimits.keywordMaxLength).optional(),
  sort: z.enum(brandSortFields).default('name'),
  ...sortDirection,
});
export type BrandSearchQuery = z.input<typeof brandSearchQuery>;

export const brandPage = pagedOf(brand);
export type BrandPage = z.infer<typeof brandPage>;

/** POST /api/brand or PUT /api/brand/{id} (admin). */
export const brandUpsert = z.object({
  id: upsertId,
  name: z.string().trim().min(1, libraryMessages.brandNameRequired).max(libraryLimits.brandNameMaxLength),
  description: z.string().trim().max(libraryLimits.descriptionMaxLength).default(''),
  /** An image the admin uploaded with POST /api/media. */
  logoMediaId: uuid.nullable().default(null),
});
export type BrandUpsert = z.input<typeof brandUpsert>;

// ---------------------------------------------------------------------------------------------
// Tags

export const tag = z
  .object({
    id: uuid,
    name: z.string(),
    /** Members see, and filter by, searchable tags only. */
    searchable: z.boolean(),
    /** Content items carrying the tag (all of them, for admins; those the caller can browse, for members). */
    contentCount: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof tag>;

export const tagSortFields = ['name', 'createdAt', 'contentCount'] as const;

export const tagSearchQuery = pageQuery.extend({
  q: z.string().trim().max(libraryLimits.keywordMaxLength).optional(),
  /** Admins only; members always get searchable tags. */
  searchable: queryBoolean.optional(),
  sort: z.enum(tagSortFields).default('name'),
  ...sortDirection,
});
export type TagSearchQuery = z.input<typeof tagSearchQuery>;

export const tagPage = pagedOf(tag);
export type TagPage = z.infer<typeof tagPage>;

/** POST /api/tag ('Add a Tag') or PUT /api/tag/{id} (admin). Names are unique per portal, ignoring case. */
export const tagUpsert = z.object({
  id: upsertId,
  name: z.string().trim().min(1, libraryMessages.tagNameRequired).max(libraryLimits.tagNameMaxLength),
  searchable: z.boolean().default(true),
});
export type TagUpsert = z.input<typeof tagUpsert>;

/**
 * POST /api/tag/searchable ('Toggle Searchable', admin): sets `searchable` on every tag named, or,
 * without it, flips each one. Answers the changed tags.
 */
export const tagSearchableBody = libraryIdsBody.extend({ searchable: z.boolean().optional() });
export type TagSearchableBody = z.infer<typeof tagSearchableBody>;
export const tagList = z.array(tag);

// ---------------------------------------------------------------------------------------------
// Content items

/** `library`: made by the portal's admins; `feed`: imported from a content feed. */
export const contentTypes = ['library', 'feed'] as const;
export const contentType = z.enum(contentTypes);
export type ContentType = z.infer<typeof contentType>;

export const contentItem = z
  .object({
    id: uuid,
    type: contentType,
    title: z.string(),
    /** The caption: what becomes the post's body. */
    body: z.string(),
    /** The graphic uploaded with POST /api/media (library items). */
    mediaId: uuid.nullable(),
    /** Where the graphic is shown from: the media URL, or a feed item's own image address. */
    graphicUrl: z.string().nullable(),
    link: z.string().nullable(),
    brand: z.object({ id: uuid, name: z.string() }).nullable(),
    /** Members see searchable tags only; admins see all, with their flag. */
    tags: z.array(z.object({ id: uuid, name: z.string(), searchable: z.boolean() })),
    /** The feed it was imported from (type `feed`). */
    feed: z.object({ id: uuid, name: z.string(), isSystem: z.boolean() }).nullable(),
    activeFrom: z.iso.datetime().nullable(),
    activeUntil: z.iso.datetime().nullable(),
    /** Inside its active window now. */
    active: z.boolean(),
    recommended: z.boolean(),
    createdBy: z.object({ id: uuid, fullName: z.string() }).nullable(),
    /** When it appeared: the feed item's date, or when an admin added it; the 'date' sort. */
    publishedAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** For the caller: in their favourites. */
    favorite: z.boolean(),
    /** For the caller: one of their posts with this content is waiting to go out (the Scheduled label). */
    scheduled: z.boolean(),
    /** For the caller: one of their posts with this content went out (the Posted label). */
    posted: z.boolean(),
  })
  .meta({ id: 'ContentItem' });
export type ContentItem = z.infer<typeof contentItem>;

export const contentSortFields = ['date', 'title', 'brand', 'recommended', 'relevance'] as const;
export type ContentSortField = (typeof contentSortFields)[number];

/**
 * GET /api/content (Browse Library, Content Repository) and GET /api/favorite.
 * `q` is full-text over title, caption and searchable tag names: every word must match, each as a
 * word prefix (`squat` finds "squats", `lun` finds "lunges"), stemmed in English;
 * `tagIds` narrows to items carrying every tag named; `include=all` (admins) also lists items
 * outside their active window. `sort=relevance` needs `q`, and is the default when `q` is given.
 */
export const contentSearchQuery = pageQuery.extend({
  q: z.string().trim().max(libraryLimits.keywordMaxLength).optional(),
  brandId: uuid.optional(),
  tagIds: uuidList(libraryLimits.tagsPerSearch).optional(),
  type: contentType.optional(),
  feedId: uuid.optional(),
  recommended: queryBoolean.optional(),
  favorites: queryBoolean.optional(),
  include: z.enum(['active', 'all']).default('active'),
  sort: z.enum(contentSortFields).optional(),
  ...sortDirection,
});
export type ContentSearchQuery = z.input<typeof contentSearchQuery>;

export const contentPage = pagedOf(contentItem);
export type ContentPage = z.infer<typeof contentPage>;

/** POST /api/content or PUT /api/content/{id} (admin, Content Repository). */
export const contentUpsert = z
  .object({
    id: upsertId,
    title: z.string().trim().min(1, libraryMessages.titleRequired).max(libraryLimits.titleMaxLength),
    body: z.string().max(libraryLimits.bodyMaxLength).default(''),
    mediaId: uuid.nullable().default(null),
    link: z
      .union([httpUrl(libraryMessages.linkInvalid), z.literal('')])
      .nullable()
      .default(null)
      .transform((l) => l || null),
    brandId: uuid.nullable().default(null),
    tagIds: z.array(uuid).max(libraryLimits.tagsPerItem).default([]),
    activeFrom: instant.nullable().default(null),
    activeUntil: instant.nullable().default(null),
    recommended: z.boolean().default(false),
  })
  .refine((c) => !c.activeFrom || !c.activeUntil || new Date(c.activeUntil) > new Date(c.activeFrom), {
    message: libraryMessages.windowOrder,
    path: ['activeUntil'],
  });
export type ContentUpsert = z.input<typeof contentUpsert>;

// ---------------------------------------------------------------------------------------------
// Favourites (each member's own, admins' too): GET /api/favorite takes contentSearchQuery and
// answers a contentPage of the caller's favourites.

/** POST /api/favorite: add an item to the caller's favourites (adding twice is fine). */
export const favoriteCreate = z.object({ contentId: uuid });
export type FavoriteCreate = z.infer<typeof favoriteCreate>;

export const favorite = z.object({ contentId: uuid, createdAt: z.iso.datetime() }).meta({ id: 'Favorite' });
export type Favorite = z.infer<typeof favorite>;

// ---------------------------------------------------------------------------------------------
// Content feeds (spec §3, §7)

/** Why a fetch failed; the feed keeps the code and a readable message. */
export const feedErrorCodes = [
  'feed.bad_url',
  'feed.blocked_address',
  'feed.timeout',
  'feed.too_large',
  'feed.http_error',
  'feed.malformed',
  'feed.too_many_redirects',
  'feed.unreachable',
] as const;
export const feedErrorCode = z.enum(feedErrorCodes);
export type FeedErrorCode = z.infer<typeof feedErrorCode>;

/** What a member reads for each failure when the fetcher gave no more specific text. */
export const feedErrorMessages: Record<FeedErrorCode, string> = {
  'feed.bad_url': 'The feed address must be an http:// or https:// URL.',
  'feed.blocked_address':
    'The feed address points to a private or local network address, which FitPost does not fetch.',
  'feed.timeout': 'The feed took too long to answer.',
  'feed.too_large': 'The feed is larger than FitPost accepts.',
  'feed.http_error': "The feed's server answered with an error.",
  'feed.malformed': 'The address did not return an RSS, Atom or JSON feed FitPost can read.',
  'feed.too_many_redirects': 'The feed redirected too many times.',
  'feed.unreachable': "The feed's server could not be reached.",
};

/** Result of the last fetch: `ok` (read), `not_modified` (unchanged since), `error`; null before the first. */
export const feedFetchStatuses = ['ok', 'not_modified', 'error'] as const;
export const feedFetchStatus = z.enum(feedFetchStatuses);
export type FeedFetchStatus = z.infer<typeof feedFetchStatus>;

/** A content feed exactly as spec §3 names it, plus what the last fetch found (read-only). */
export const feed = z
  .object({
    id: uuid,
    portalId: z.number().int(),
    name: z.string(),
    url: z.string(),
    description: z.string(),
    isActive: z.boolean(),
    /** The member who owns it; all zeros for a system feed. */
    userId: uuid,
    /** Visible to every member of the portal; managed by admins. */
    isSystem: z.boolean(),
    thumbnailUrl: z.string(),
    lastFetchedAt: z.iso.datetime().nullable(),
    lastStatus: feedFetchStatus.nullable(),
    lastErrorCode: feedErrorCode.nullable(),
    lastError: z.string().nullable(),
    /** Content items imported from it. */
    itemCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Feed' });
export type Feed = z.infer<typeof feed>;
export const feedList = z.array(feed);
export type FeedList = z.infer<typeof feedList>;

/**
 * GET /api/feed?portalid&userid&active (spec §7). Without `userid`: the caller's own feeds and
 * the portal's system feeds. `userid` = the all-zero id: system feeds only; = a member: that
 * member's feeds (the member themself, or an admin). `portalid`, when given, must be the caller's.
 */
export const feedListQuery = z.object({
  portalid: z.coerce.number().int().positive().optional(),
  userid: uuid.optional(),
  active: queryBoolean.optional(),
});
export type FeedListQuery = z.input<typeof feedListQuery>;

/**
 * POST /api/feed or PUT /api/feed/{id} (spec §7: name, url, description, isActive, userId,
 * isSystem, thumbnailUrl). A system feed (admins only) has `userId` all zeros (or omitted); a
 * member's feed is their own (`userId` omitted or theirs).
 */
export const feedUpsert = z.object({
  id: upsertId,
  name: z.string().trim().min(1, libraryMessages.feedNameRequired).max(libraryLimits.feedNameMaxLength),
  url: httpUrl(libraryMessages.feedUrlInvalid),
  description: z.string().trim().max(libraryLimits.descriptionMaxLength).default(''),
  isActive: z.boolean().default(true),
  userId: uuid.optional(),
  isSystem: z.boolean().default(false),
  /** Blank means none. */
  thumbnailUrl: z.union([httpUrl(libraryMessages.linkInvalid), z.literal('')]).default(''),
});
export type FeedUpsert = z.input<typeof feedUpsert>;

/** GET /api/feed/consume/{userId}: what each refreshed feed gave. */
export const feedConsumeResult = z
  .object({
    feeds: z.array(
      z.object({
        feedId: uuid,
        name: z.string(),
        isSystem: z.boolean(),
        status: feedFetchStatus,
        /** New content items from this fetch. */
        imported: z.number().int(),
        errorCode: feedErrorCode.nullable(),
        error: z.string().nullable(),
      }),
    ),
    imported: z.number().int(),
  })
  .meta({ id: 'FeedConsumeResult' });
export type FeedConsumeResult = z.infer<typeof feedConsumeResult>;
