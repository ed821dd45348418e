import { z } from 'zod';
import { pageQuery, pagedOf } from './common.js';
import { messages } from './messages.js';
import { network } from './social.js';

export const targetStatuses = [
  'scheduled',
  'publishing',
  'published',
  'failed',
  'needs_reconnect',
  'unknown',
  'cancelled',
] as const;
export const targetStatus = z.enum(targetStatuses);
export type TargetStatus = z.infer<typeof targetStatus>;

/** The post's own status, derived from its targets (the content card's Scheduled / Posted labels). */
export const postStatus = z.enum([
  'draft',
  'scheduled',
  'publishing',
  'posted',
  'partly_posted',
  'failed',
  'cancelled',
]);
export type PostStatus = z.infer<typeof postStatus>;

export const publishTarget = z
  .object({
    id: z.uuid(),
    connectionId: z.uuid().nullable(),
    network,
    accountName: z.string(),
    status: targetStatus,
    attempts: z.number().int(),
    error: z.string().nullable(),
    remoteId: z.string().nullable(),
    remoteUrl: z.string().nullable(),
    publishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PublishTarget' });
export type PublishTarget = z.infer<typeof publishTarget>;

export const scheduledPost = z
  .object({
    id: z.uuid(),
    body: z.string(),
    mediaId: z.uuid().nullable(),
    link: z.string().nullable(),
    /** The library item it was made from, if any. */
    contentId: z.uuid().nullable(),
    scheduledAt: z.iso.datetime().nullable(),
    timeZone: z.string(),
    status: postStatus,
    targets: z.array(publishTarget),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'ScheduledPost' });
export type ScheduledPost = z.infer<typeof scheduledPost>;

const body = z.string().max(63_206);

/**
 * Create or update a post. `publishNow` sends it at once; otherwise `scheduledAt` (an instant with
 * offset) says when. The spec's messages guard the two rules every post must meet.
 */
export const postUpsert = z
  .object({
    id: z.union([z.uuid(), z.literal(''), z.literal(0)]).optional(),
    body: body.default(''),
    mediaId: z.uuid().nullable().optional(),
    link: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable()
      .optional(),
    connectionIds: z.array(z.uuid()).max(50).default([]),
    /** On create: the library item the post is made from (its card then shows Scheduled / Posted). */
    contentId: z.uuid().nullable().optional(),
    publishNow: z.boolean().default(false),
    scheduledAt: z.iso.datetime({ offset: true }).nullable().optional(),
    timeZone: z.string().max(64).default('UTC'),
  })
  .superRefine((p, ctx) => {
    if (!p.body.trim() && !p.mediaId)
      ctx.addIssue({ code: 'custom', path: ['body'], message: messages['post.error.data'] });
    if (p.connectionIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['connectionIds'], message: messages['post.error.network'] });
    }
    if (!p.publishNow && !p.scheduledAt) {
      ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: 'Choose when to publish, or Post Now' });
    }
  });
export type PostUpsert = z.input<typeof postUpsert>;

export const postIdParams = z.object({ id: z.uuid() });
export const targetParams = z.object({ id: z.uuid(), targetId: z.uuid() });

export const postSearchQuery = pageQuery.extend({
  status: postStatus.optional(),
  network: network.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const postPage = pagedOf(scheduledPost);

export const rescheduleBody = z.object({ scheduledAt: z.iso.datetime({ offset: true }) });

/** Multi-delete of posts (spec §7 style: a body with ids). */
export const postIdsBody = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
