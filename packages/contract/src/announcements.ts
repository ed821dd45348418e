import { z } from 'zod';
import { httpUrl, instant, integerParam, pagedOf, positiveInteger, text, uuid } from './common.js';
import { paging } from './constants.js';
import { upsertId } from './library/fields.js';

/**
 * Announcements (spec §3, §4, §7, §8, §9). An upsert is POST `/api/announcement` when the body's id
 * is empty or 0, else PUT `/api/announcement/{id}`; multi-delete is DELETE `/api/announcement` with
 * `{ ids }`. Everything but the active list is for the portal's admins; the active list needs no
 * sign-in and shows only what a member's dialog shows. Its paths are `announcementApi` (api-paths.ts).
 */
export const announcementLimits = {
  /** The stored (sanitised) HTML. */
  bodyMaxLength: 20_000,
  urlTextMaxLength: 100,
  keywordMaxLength: 200,
  /** Seen ids one active call may carry. */
  seenIdsMax: 500,
  /** Announcements one active call answers at most. */
  activeMax: 20,
} as const;

export const announcementMessages = {
  bodyRequired: 'Please write the announcement',
  urlInvalid: 'The link must be an http(s) address',
  urlTextWithoutUrl: 'Add the link the text should open',
  windowOrder: 'The end date must be after the start date',
  adminOnly: 'Only administrators can manage announcements',
  idOnCreate: 'A new announcement has no id yet',
  idMismatch: 'The id in the body does not match the address',
  close: 'close',
  dialogTitle: 'Announcement',
} as const;

/** What a member's dialog shows (spec §3); the active list answers only this. */
const announcement = z
  .object({
    id: uuid,
    /** HTML, sanitised by the server when it was written. */
    body: z.string(),
    url: z.string().nullable(),
    urlText: z.string().nullable(),
    isRecurring: z.boolean(),
  })
  .meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof announcement>;

/** An announcement as its portal's admins manage it. */
export const announcementDetail = announcement
  .extend({
    portalId: z.number().int(),
    isActive: z.boolean(),
    startDate: z.iso.datetime().nullable(),
    endDate: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AnnouncementDetail' });
export type AnnouncementDetail = z.infer<typeof announcementDetail>;

export const announcementActiveBody = z.object({
  portalId: positiveInteger,
  /** Ids the browser has already shown (its seen list); non-recurring ones among them are left out. */
  ids: z.array(uuid).max(announcementLimits.seenIdsMax).default([]),
});
export const announcementList = z.array(announcement);

const announcementSortFields = ['createdAt', 'startDate', 'endDate', 'updatedAt'] as const;

/** POST /api/announcement/search (admin). `active`: only those shown now (true) or not shown now (false). */
export const announcementSearchBody = z.object({
  keyword: text.trim().max(announcementLimits.keywordMaxLength).optional(),
  active: z.boolean().optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pagesize: z.number().int().min(1).max(paging.maxPageSize).default(paging.defaultPageSize),
  sort: z.enum(announcementSortFields).default('createdAt'),
  /** Absent: newest first. */
  desc: z.boolean().optional(),
});
export type AnnouncementSearchBody = z.input<typeof announcementSearchBody>;
export const announcementPage = pagedOf(announcementDetail);
export type AnnouncementPage = z.infer<typeof announcementPage>;

export const announcementParams = z.object({ id: uuid });
export const announcementPortalParams = z.object({ id: uuid, portalId: integerParam });

/** POST /api/announcement or PUT /api/announcement/{id} (admin). `body` is sanitised on the server. */
export const announcementUpsert = z
  .object({
    id: upsertId,
    body: text.min(1, announcementMessages.bodyRequired).max(announcementLimits.bodyMaxLength),
    url: z
      .union([httpUrl(announcementMessages.urlInvalid), z.literal('')])
      .nullable()
      .default(null)
      .transform((u) => u || null),
    urlText: text
      .trim()
      .max(announcementLimits.urlTextMaxLength)
      .nullable()
      .default(null)
      .transform((t) => t || null),
    isRecurring: z.boolean().default(false),
    isActive: z.boolean().default(true),
    startDate: instant.nullable().default(null),
    endDate: instant.nullable().default(null),
  })
  .refine((a) => !a.urlText || a.url, { message: announcementMessages.urlTextWithoutUrl, path: ['url'] })
  .refine((a) => !a.startDate || !a.endDate || new Date(a.endDate) > new Date(a.startDate), {
    message: announcementMessages.windowOrder,
    path: ['endDate'],
  });
export type AnnouncementUpsert = z.input<typeof announcementUpsert>;
