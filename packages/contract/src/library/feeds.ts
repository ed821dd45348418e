import { z } from 'zod';
import { httpUrl, integerParam, nameText, queryBoolean, text, uuid } from '../common.js';
import { libraryLimits } from './api.js';
import { libraryMessages } from './messages.js';
import { upsertId } from './fields.js';

// Content feeds (spec §3, §7): GET/POST /api/feed, PUT /api/feed/{id}, GET /api/feed/consume/{userId}.

export const feedConsumeParams = z.object({ userId: uuid });

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
const feedErrorCode = z.enum(feedErrorCodes);
export type FeedErrorCode = z.infer<typeof feedErrorCode>;

/** Result of the last fetch: `ok` (read), `not_modified` (unchanged since), `error`; null before the first. */
export const feedFetchStatuses = ['ok', 'not_modified', 'error'] as const;
const feedFetchStatus = z.enum(feedFetchStatuses);
export type FeedFetchStatus = z.infer<typeof feedFetchStatus>;

/** How a feed's last fetch went, in words (the Feeds screen and the Feed Usage report). */
export const feedFetchStatusLabels: Record<FeedFetchStatus, string> = {
  ok: 'OK',
  not_modified: 'Up to date',
  error: 'Failed',
};

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

/**
 * GET /api/feed?portalid&userid&active (spec §7). Without `userid`: the caller's own feeds and
 * the portal's system feeds. `userid` = the all-zero id: system feeds only; = a member: that
 * member's feeds (the member themself, or an admin). `portalid`, when given, must be the caller's.
 */
export const feedListQuery = z.object({
  portalid: integerParam.optional(),
  userid: uuid.optional(),
  active: queryBoolean.optional(),
});

/**
 * POST /api/feed or PUT /api/feed/{id} (spec §7: name, url, description, isActive, userId,
 * isSystem, thumbnailUrl). A system feed (admins only) has `userId` all zeros (or omitted); a
 * member's feed is their own (`userId` omitted or theirs).
 */
export const feedUpsert = z.object({
  id: upsertId,
  name: nameText.min(1, libraryMessages.feedNameRequired).max(libraryLimits.feedNameMaxLength),
  url: httpUrl(libraryMessages.feedUrlInvalid),
  description: text.trim().max(libraryLimits.descriptionMaxLength).default(''),
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
