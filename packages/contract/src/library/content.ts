import { z } from 'zod';
import { httpUrl, instant, pageQuery, pagedOf, queryBoolean, text, uuid } from '../common.js';
import { libraryLimits, libraryMessages } from './api.js';
import { sortDirection, upsertId, uuidList } from './fields.js';
import { healthClaimWarnings } from '../health-claims.js';

// Content items: GET/POST /api/content, PUT /api/content/{id}.

/** `library`: made by the portal's admins; `feed`: imported from a content feed. */
export const contentTypes = ['library', 'feed'] as const;
const contentType = z.enum(contentTypes);
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
    /** The health claims of its caption with the organisation's rules when it was last saved (issue 30). */
    warnings: healthClaimWarnings,
  })
  .meta({ id: 'ContentItem' });
export type ContentItem = z.infer<typeof contentItem>;

/** `updated`: last changed first (the Content Repository's default, so new and edited items lead). */
const contentSortFields = ['date', 'title', 'brand', 'recommended', 'relevance', 'updated'] as const;
export type ContentSortField = (typeof contentSortFields)[number];

/**
 * GET /api/content (Browse Library, Content Repository) and GET /api/favorite.
 * `q` is full-text over title, caption and searchable tag names: every word must match, each as a
 * word prefix (`squat` finds "squats", `lun` finds "lunges"), stemmed in English;
 * `tagIds` narrows to items carrying every tag named; `include=all` (admins) also lists items
 * outside their active window. `sort=relevance` needs `q`, and is the default when `q` is given:
 * best match first — the items with every word in their title or searchable tag names, then the
 * others —, newest first within each.
 */
export const contentSearchQuery = pageQuery.extend({
  q: text.trim().max(libraryLimits.keywordMaxLength).optional(),
  brandId: uuid.optional(),
  tagIds: uuidList(libraryLimits.tagsPerSearch).optional(),
  type: contentType.optional(),
  feedId: uuid.optional(),
  recommended: queryBoolean.optional(),
  favorites: queryBoolean.optional(),
  /** Only items whose caption has health-claim warnings (true) or none (false). */
  hasWarnings: queryBoolean.optional(),
  include: z.enum(['active', 'all']).default('active'),
  sort: z.enum(contentSortFields).optional(),
  ...sortDirection,
});

export const contentPage = pagedOf(contentItem);
export type ContentPage = z.infer<typeof contentPage>;

/** POST /api/content or PUT /api/content/{id} (admin, Content Repository). */
export const contentUpsert = z
  .object({
    id: upsertId,
    title: text.trim().min(1, libraryMessages.titleRequired).max(libraryLimits.titleMaxLength),
    body: text.max(libraryLimits.bodyMaxLength).default(''),
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
