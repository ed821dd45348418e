import { textProblem } from '@fitpost/contract/platform-rules';
import { isPostEditable, rescheduleRefusals, whyNotMovable, type postUpsert } from '@fitpost/contract';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { media, socialConnections } from '../../db/schema.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { contentItems } from '../../db/schema-library.js';
import { mediaUsableBy } from '../media/service.js';
import { AppError, notFound } from '../../lib/errors.js';
import { queues } from '../../jobs/queues.js';
import type { Actor } from '../auth/sessions.js';
import { connectionIdsOf, presentPost } from './presenter.js';
import { alreadySent, anyIn, inFlightStatuses, lockOwnPosts, type ClaimGuardSeam } from './claim-guard.js';
import { takeNextSlot } from '../queue/service.js';
import { claimWarningsOf } from '../organisation/health-claims.js';

type Enqueue = (queue: string, data: object, startAfter?: Date) => Promise<unknown>;

export interface PostsDeps extends ClaimGuardSeam {
  db: Db;
  enqueueIn: (tx: Db) => Enqueue;
  now?: () => Date;
  /** The organisation's time zone, for queue slots of members who saved none of their own. */
  timeZone?: string;
}

type Upsert = z.output<typeof postUpsert>;
type TargetNetwork = (typeof postTargets.$inferInsert)['network'];

const clock = (deps: PostsDeps) => deps.now?.() ?? new Date();

/**
 * Checks the post against the spec's rules, the chosen accounts and each network's limits. A draft
 * is only checked for what it refers to: its graphic, library item and accounts must be the
 * member's; its time may be empty or past and its text may not fit yet (nothing is sent).
 */
async function validate(deps: PostsDeps, actor: Actor, input: Upsert) {
  const now = clock(deps);
  const when = input.publishNow ? now : input.scheduledAt ? new Date(input.scheduledAt) : null;
  // A queued post's time is its next free slot, taken inside the saving transaction.
  if (!input.draft && !input.queue && (!when || when.getTime() < now.getTime() - 60_000)) {
    throw new AppError('validation', rescheduleRefusals.past);
  }
  if (input.mediaId) {
    const [own] = await deps.db
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, input.mediaId), mediaUsableBy(actor)));
    if (!own) throw new AppError('validation', 'Choose an image you uploaded.');
  }
  if (input.contentId) {
    const [content] = await deps.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(
        and(
          eq(contentItems.id, input.contentId),
          eq(contentItems.portalId, actor.portalId),
          or(isNull(contentItems.ownerId), eq(contentItems.ownerId, actor.userId)),
        ),
      );
    if (!content) throw new AppError('validation', 'Choose content from your library.');
  }
  const connections = await deps.db
    .select()
    .from(socialConnections)
    .where(
      and(eq(socialConnections.userId, actor.userId), inArray(socialConnections.id, input.connectionIds)),
    );
  if (connections.length !== new Set(input.connectionIds).size) {
    throw new AppError('validation', 'Choose only your own connected accounts.');
  }
  if (input.draft) return { when, connections };
  const problems = connections.flatMap((c) => {
    if (c.status !== 'connected') return [`${c.accountName}: reconnect this account before posting to it.`];
    const problem = textProblem(
      c.network,
      [input.body, input.link].filter(Boolean).join(' '),
      Boolean(input.mediaId),
    );
    return problem ? [`${c.accountName}: ${problem}`] : [];
  });
  if (problems.length > 0) throw new AppError('validation', problems.join('\n'));
  return { when, connections };
}

/**
 * Creates a post with one target per chosen account and their publish jobs in one transaction
 * (outbox): either all of it exists or none.
 */
export async function createPost(deps: PostsDeps, actor: Actor, input: Upsert) {
  if (input.id)
    throw new AppError('validation', 'Leave id empty to create a post, or use PUT /api/posts/{id}');
  const { when: chosen, connections } = await validate(deps, actor, input);
  // Health claims only warn a member (issue 30): the post is saved either way.
  const warnings = await claimWarningsOf(deps.db, actor.portalId, [input.body]);
  return deps.db.transaction(async (tx) => {
    const slot = input.queue ? await takeQueueSlot(deps, tx, actor) : undefined;
    const when = slot ? new Date(slot.scheduledAt) : chosen;
    const [post] = await tx
      .insert(posts)
      .values({
        portalId: actor.portalId,
        userId: actor.userId,
        body: input.body,
        mediaId: input.mediaId ?? null,
        link: input.link ?? null,
        contentId: input.contentId ?? null,
        scheduledAt: when,
        timeZone: input.timeZone,
        draftConnectionIds: input.draft ? connections.map((c) => c.id) : [],
      })
      .returning();
    if (!post) throw new Error('post insert returned no row');
    const targets = input.draft || !when ? [] : await insertTargets(deps, tx, post, connections, when);
    return { ...presentPost(post, targets), ...(slot ? { queueSlot: slot } : {}), warnings };
  });
}

/** The member's next free queue slot, locked for this transaction (see queue/service.ts). */
function takeQueueSlot(deps: PostsDeps, tx: Db, actor: Actor) {
  return takeNextSlot({ db: tx, timeZone: deps.timeZone ?? 'UTC', now: () => clock(deps) }, tx, actor);
}

/** One target per account, each with its publish job, inside the caller's transaction (outbox). */
async function insertTargets(
  deps: PostsDeps,
  tx: Db,
  post: { id: string; portalId: number; userId: string },
  connections: { id: string; network: TargetNetwork; accountName: string }[],
  when: Date,
) {
  if (connections.length === 0) return [];
  const targets = await tx
    .insert(postTargets)
    .values(
      connections.map((c) => ({
        postId: post.id,
        portalId: post.portalId,
        userId: post.userId,
        connectionId: c.id,
        network: c.network,
        accountName: c.accountName,
        dueAt: when,
      })),
    )
    .returning();
  const enqueue = deps.enqueueIn(tx);
  for (const t of targets) await enqueue(queues.publish, { targetId: t.id, version: t.version }, when);
  return targets;
}

/**
 * Replaces a post that has not been sent anywhere yet: new text, graphic, accounts and time, with
 * fresh targets and jobs (the old targets and their jobs are gone with it). Saved as a draft, it
 * keeps no targets at all, so nothing of it can be published until it is scheduled again. The
 * targets are checked and replaced under their row locks, so a claim cannot slip in between.
 */
export async function updatePost(deps: PostsDeps, actor: Actor, id: string, input: Upsert) {
  if (input.id && input.id !== id)
    throw new AppError('validation', 'The id in the body does not match the URL');
  const warnings = await claimWarningsOf(deps.db, actor.portalId, [input.body]);
  return deps.db.transaction(async (tx) => {
    const { own, targets } = await lockOwnPosts(tx, actor, [id]);
    if (own.length === 0) throw notFound('Post');
    if (!isPostEditable({ targets })) throw alreadySent();
    await deps.afterTargetCheck?.();
    const { when: chosen, connections } = await validate({ ...deps, db: tx }, actor, input);
    await tx.delete(postTargets).where(eq(postTargets.postId, id));
    // Its own old time is free again now that its targets are gone.
    const slot = input.queue ? await takeQueueSlot(deps, tx, actor) : undefined;
    const when = slot ? new Date(slot.scheduledAt) : chosen;
    const [post] = await tx
      .update(posts)
      .set({
        body: input.body,
        mediaId: input.mediaId ?? null,
        link: input.link ?? null,
        // Absent keeps the library item the post was made from; null lets go of it.
        ...(input.contentId === undefined ? {} : { contentId: input.contentId }),
        scheduledAt: when,
        timeZone: input.timeZone,
        draftConnectionIds: input.draft ? connections.map((c) => c.id) : [],
        updatedAt: clock(deps),
      })
      .where(eq(posts.id, id))
      .returning();
    if (!post) throw notFound('Post');
    const fresh = input.draft || !when ? [] : await insertTargets(deps, tx, post, connections, when);
    return { ...presentPost(post, fresh), ...(slot ? { queueSlot: slot } : {}), warnings };
  });
}

async function loadOwnPost(db: Db, actor: Actor, id: string) {
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.userId, actor.userId)));
  if (!post) throw notFound('Post');
  const targets = await db
    .select()
    .from(postTargets)
    .where(eq(postTargets.postId, id))
    .orderBy(postTargets.network, postTargets.id);
  return { post, targets };
}

/** One of the caller's posts. */
export async function getPost(deps: PostsDeps, actor: Actor, id: string) {
  const { post, targets } = await loadOwnPost(deps.db, actor, id);
  return presentPost(post, targets);
}

/** Cancels every target not yet sent; what was already published stays published. */
export async function cancelPost(deps: PostsDeps, actor: Actor, id: string) {
  await loadOwnPost(deps.db, actor, id);
  await deps.db
    .update(postTargets)
    .set({ status: 'cancelled', version: sql`${postTargets.version} + 1`, updatedAt: clock(deps) })
    .where(
      and(
        eq(postTargets.postId, id),
        inArray(postTargets.status, ['scheduled', 'failed', 'needs_reconnect']),
      ),
    );
  return getPost(deps, actor, id);
}

/**
 * Deletes posts (multi-delete) with their targets, so no job finds anything to publish. A post
 * being published right now is refused; the check and the delete hold the targets' row locks.
 */
export async function deletePosts(deps: PostsDeps, actor: Actor, ids: string[]) {
  await deps.db.transaction(async (tx) => {
    const { own, targets } = await lockOwnPosts(tx, actor, ids);
    if (own.length !== new Set(ids).size) throw notFound('Post');
    if (anyIn(targets, inFlightStatuses))
      throw new AppError('conflict', 'A post is being published right now; try again in a minute.');
    await deps.afterTargetCheck?.();
    await tx.delete(posts).where(inArray(posts.id, ids));
  });
}

/**
 * Moves the unsent targets to a new time; jobs for the old time find nothing to do. A draft just
 * takes the new time (it stays a draft). Past times and posts already on their way are refused.
 */
export async function reschedulePost(deps: PostsDeps, actor: Actor, id: string, scheduledAt: string) {
  const now = clock(deps);
  const when = new Date(scheduledAt);
  if (when.getTime() < now.getTime() - 60_000) {
    throw new AppError('validation', rescheduleRefusals.past);
  }
  await deps.db.transaction(async (tx) => {
    const { own, targets } = await lockOwnPosts(tx, actor, [id]);
    if (own.length === 0) throw notFound('Post');
    if (targets.length > 0 && !targets.some((t) => t.status === 'scheduled')) {
      throw new AppError('conflict', whyNotMovable(targets.map((t) => t.status)));
    }
    await deps.afterTargetCheck?.();
    await tx.update(posts).set({ scheduledAt: when, updatedAt: now }).where(eq(posts.id, id));
    const moved = await tx
      .update(postTargets)
      .set({ dueAt: when, version: sql`${postTargets.version} + 1`, updatedAt: now })
      .where(and(eq(postTargets.postId, id), eq(postTargets.status, 'scheduled')))
      .returning();
    const enqueue = deps.enqueueIn(tx);
    for (const t of moved) await enqueue(queues.publish, { targetId: t.id, version: t.version }, when);
  });
  return getPost(deps, actor, id);
}

/**
 * Copies one of the caller's posts as a new draft: same text, graphic, link, library item and
 * accounts, no time. Nothing is sent until the member schedules the copy.
 */
export async function duplicatePost(deps: PostsDeps, actor: Actor, id: string) {
  const { post, targets } = await loadOwnPost(deps.db, actor, id);
  const wanted = connectionIdsOf(post, targets);
  // Only accounts still connected come along; a disconnected one would block scheduling the copy.
  const still = wanted.length
    ? await deps.db
        .select({ id: socialConnections.id })
        .from(socialConnections)
        .where(and(eq(socialConnections.userId, actor.userId), inArray(socialConnections.id, wanted)))
    : [];
  const kept = new Set(still.map((c) => c.id));
  const now = clock(deps);
  const [copy] = await deps.db
    .insert(posts)
    .values({
      portalId: actor.portalId,
      userId: actor.userId,
      body: post.body,
      mediaId: post.mediaId,
      link: post.link,
      contentId: post.contentId,
      scheduledAt: null,
      timeZone: post.timeZone,
      draftConnectionIds: wanted.filter((c) => kept.has(c)),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!copy) throw new Error('post insert returned no row');
  return presentPost(copy, []);
}

/** Tries a failed (or reconnect-needing) target again, now. */
export async function retryTarget(deps: PostsDeps, actor: Actor, id: string, targetId: string) {
  const now = clock(deps);
  const { targets } = await loadOwnPost(deps.db, actor, id);
  const target = targets.find((t) => t.id === targetId);
  if (!target) throw notFound('Target');
  if (target.status !== 'failed' && target.status !== 'needs_reconnect') {
    throw new AppError('conflict', 'Only failed posts can be retried.');
  }
  await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(postTargets)
      .set({
        status: 'scheduled',
        dueAt: now,
        attempts: 0,
        error: null,
        version: sql`${postTargets.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(postTargets.id, targetId), eq(postTargets.status, target.status)))
      .returning();
    if (moved) await deps.enqueueIn(tx)(queues.publish, { targetId, version: moved.version }, now);
  });
  return getPost(deps, actor, id);
}
