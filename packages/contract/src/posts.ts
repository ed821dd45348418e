import { z } from 'zod';
import { httpUrl, instant, pageQuery, pagedOf, text, timeZone } from './common.js';
import { messages } from './messages.js';
import { calendarLimits } from './constants.js';
import { postStatuses, targetStatuses, type PostStatus, type TargetStatus } from './names.js';
import { network } from './social.js';
import { healthClaimWarnings } from './health-claims.js';
import { queueMessages, queueSlotTaken } from './queue.js';

export const targetStatus = z.enum(targetStatuses);

/** A post can still be changed while each of its targets is in one of these: nothing was sent or is being sent. */
const editableTargetStatuses = [
  'scheduled',
  'cancelled',
  'failed',
  'needs_reconnect',
] as const satisfies readonly TargetStatus[];

/**
 * The editing rule, for the server (which refuses the rest) and every screen that offers Edit:
 * a post is editable until any of it has gone out or is going out. A draft has no targets.
 */
export function isPostEditable(post: { targets: readonly { status: TargetStatus }[] }): boolean {
  return post.targets.every((t) => (editableTargetStatuses as readonly TargetStatus[]).includes(t.status));
}

/** Whether screens offer 'Cancel post': something of it is still to be sent, or it failed. */
export function isPostCancellable(post: { status: PostStatus }): boolean {
  return post.status === 'scheduled' || post.status === 'failed';
}

export const postStatus = z.enum(postStatuses);

const publishTarget = z
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
    /** When it goes out; for a draft, when the member means it to (may be empty or past). */
    scheduledAt: z.iso.datetime().nullable(),
    timeZone: z.string(),
    status: postStatus,
    /** The accounts it is for: a draft's chosen accounts, otherwise its targets' accounts. */
    connectionIds: z.array(z.uuid()),
    targets: z.array(publishTarget),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** Only in the answer to a save with `queue`: the slot the post took. */
    queueSlot: queueSlotTaken.optional(),
    /** Only in the answer to a save: the health claims its text carries (a warning; it was saved). */
    warnings: healthClaimWarnings.optional(),
  })
  .meta({ id: 'ScheduledPost' });
export type ScheduledPost = z.infer<typeof scheduledPost>;

/** The longest post any network takes (Facebook's 63,206 characters); Auto-Posts share it. */
export const postBody = text.max(63_206);

/**
 * Create or update a post. `publishNow` sends it at once; `queue` puts it in the member's next free
 * queue slot; otherwise `scheduledAt` (an instant with offset) says when. The spec's messages guard the two rules every post must meet. With `draft`
 * the post is only kept (status `draft`, nothing is sent): it needs a body or a graphic, but no
 * account and no time yet.
 */
export const postUpsert = z
  .object({
    id: z.union([z.uuid(), z.literal(''), z.literal(0)]).optional(),
    body: postBody.default(''),
    mediaId: z.uuid().nullable().optional(),
    link: httpUrl().nullable().optional(),
    connectionIds: z.array(z.uuid()).max(50).default([]),
    /** On create: the library item the post is made from (its card then shows Scheduled / Posted). */
    contentId: z.uuid().nullable().optional(),
    publishNow: z.boolean().default(false),
    scheduledAt: instant.nullable().optional(),
    timeZone: timeZone.default('UTC'),
    /** Keep it as a draft: saved, not scheduled, never sent until saved again without `draft`. */
    draft: z.boolean().default(false),
    /** Add to Queue: the server gives it the member's next free slot (no `scheduledAt`). */
    queue: z.boolean().default(false),
  })
  .superRefine((p, ctx) => {
    if (!p.body.trim() && !p.mediaId)
      ctx.addIssue({ code: 'custom', path: ['body'], message: messages['post.error.data'] });
    if (p.draft) {
      if (p.publishNow)
        ctx.addIssue({ code: 'custom', path: ['publishNow'], message: 'A draft cannot be posted now' });
      if (p.queue)
        ctx.addIssue({ code: 'custom', path: ['queue'], message: 'A draft cannot be added to the queue' });
      return;
    }
    if (p.queue && (p.publishNow || p.scheduledAt))
      ctx.addIssue({ code: 'custom', path: ['queue'], message: queueMessages.queueAndTime });
    if (p.connectionIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['connectionIds'], message: messages['post.error.network'] });
    }
    if (!p.publishNow && !p.scheduledAt && !p.queue) {
      ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: 'Choose when to publish, or Post Now' });
    }
  });
export type PostUpsert = z.input<typeof postUpsert>;

export const postIdParams = z.object({ id: z.uuid() });
export const targetParams = z.object({ id: z.uuid(), targetId: z.uuid() });

/** `status=scheduled,publishing` (also repeated: `?status=a&status=b`): any of these. */
const statusList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(postStatus).min(1).max(postStatus.options.length));

export const postSearchQuery = pageQuery
  .extend({
    status: statusList.optional(),
    network: network.optional(),
    /** Posts made from this library item ('Upcoming posts with this content'). */
    contentId: z.uuid().optional(),
    /** Scheduled on or after / before this instant. */
    from: instant.optional(),
    to: instant.optional(),
    /** By scheduled time: `asc` for what comes next, `desc` (default) for the latest first. */
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    path: ['to'],
    message: 'The end of the range must not be before its start',
  });

export const postPage = pagedOf(scheduledPost);
export type PostPage = z.infer<typeof postPage>;

export const rescheduleBody = z.object({ scheduledAt: instant });

/** What is wrong with a calendar range [from, to), if anything (the posts' and the Auto-Posts' alike). */
export function calendarRangeProblem(from: string, to: string): string | null {
  const span = Date.parse(to) - Date.parse(from);
  if (span <= 0) return 'The end of the range must be after its start';
  if (span > calendarLimits.maxRangeDays * 86_400_000)
    return `Ask for at most ${calendarLimits.maxRangeDays} days at once`;
  return null;
}

/** GET /api/posts/calendar: posts scheduled in [from, to). */
export const calendarQuery = z
  .object({
    from: instant,
    to: instant,
  })
  .superRefine((q, ctx) => {
    const problem = calendarRangeProblem(q.from, q.to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type CalendarQuery = z.input<typeof calendarQuery>;

/** A post as the calendar draws it: short text, time, status, and each account's own status. */
const calendarPost = z
  .object({
    id: z.uuid(),
    /** The body's first characters (whole characters, never half an emoji). */
    excerpt: z.string(),
    hasMedia: z.boolean(),
    scheduledAt: z.iso.datetime(),
    status: postStatus,
    targets: z.array(
      z.object({
        id: z.uuid(),
        network,
        accountName: z.string(),
        status: targetStatus,
        remoteUrl: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'CalendarPost' });
export type CalendarPost = z.infer<typeof calendarPost>;

export const calendarPosts = z.object({
  items: z.array(calendarPost),
  /** True when the range held more than `calendarLimits.maxPosts` posts and only those came back. */
  truncated: z.boolean(),
});
export type CalendarPosts = z.infer<typeof calendarPosts>;

/** Multi-delete of posts (spec §7 style: a body with ids). */
export const postIdsBody = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
