import { textProblem } from '@fitpost/contract/platform-rules';
import {
  autoPostMessages,
  isPostEditable,
  type AutoPostChoice,
  type autoPostListQuery,
  type autoPostSettingsBody,
  type autoPostUpsert,
} from '@fitpost/contract';
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { media, socialConnections } from '../../db/schema.js';
import { autoPostMemberChoices, autoPosts } from '../../db/schema-autopost.js';
import { contentItems } from '../../db/schema-library.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { queues } from '../../jobs/queues.js';
import { AppError, notFound } from '../../lib/errors.js';
import { requireAdmin } from '../auth/policy.js';
import type { Actor } from '../auth/sessions.js';
import { mediaUsableBy } from '../media/service.js';
import { alreadySent, lockOwnPosts, type ClaimGuardSeam } from '../posts/claim-guard.js';

type Enqueue = (queue: string, data: object, startAfter?: Date) => Promise<unknown>;

export interface AutoPostDeps extends ClaimGuardSeam {
  db: Db;
  enqueueIn: (tx: Db) => Enqueue;
  publicUrl: string;
  now?: () => Date;
  /** Makes the member's own post for a Custom Post (the posts service's createPost). */
  createMemberPost: (
    actor: Actor,
    input: {
      body: string;
      mediaId: string | null;
      link: string | null;
      contentId: string | null;
      connectionIds: string[];
      scheduledAt: string;
      timeZone: string;
    },
  ) => Promise<{ id: string }>;
}

type Upsert = z.output<typeof autoPostUpsert>;
type AutoPostRow = typeof autoPosts.$inferSelect;

const clock = (deps: Pick<AutoPostDeps, 'now'>) => deps.now?.() ?? new Date();

async function findOwn(db: Db, actor: Actor, id: string) {
  const [row] = await db
    .select()
    .from(autoPosts)
    .where(and(eq(autoPosts.id, id), eq(autoPosts.portalId, actor.portalId)));
  if (!row) throw notFound('Auto-Post');
  return row;
}

/** Checks what an Auto-Post refers to: its time, its graphic and its content must be the portal's. */
async function validate(deps: AutoPostDeps, actor: Actor, input: Upsert) {
  const when = new Date(input.scheduledAt);
  if (when.getTime() < clock(deps).getTime() - 60_000)
    throw new AppError('validation', autoPostMessages.past);
  if (input.mediaId) {
    const [usable] = await deps.db
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, input.mediaId), mediaUsableBy(actor)));
    if (!usable) throw new AppError('validation', 'Choose an image you uploaded or one from the library.');
  }
  if (input.contentId) {
    const [content] = await deps.db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(
        and(
          eq(contentItems.id, input.contentId),
          eq(contentItems.portalId, actor.portalId),
          isNull(contentItems.ownerId),
        ),
      );
    if (!content) throw new AppError('validation', 'Choose content from the portal’s library.');
  }
  // Each member's post must fit every network it goes to, counted as the network counts.
  const withLink = (text: string) => [text, input.link].filter(Boolean).join(' ');
  const problems = input.networks.flatMap((network) => {
    const texts = network === 'x' && input.xVariants.length > 0 ? input.xVariants : [input.body];
    return texts.flatMap((text) => {
      const problem = textProblem(network, withLink(text), Boolean(input.mediaId));
      return problem ? [texts.length > 1 ? `“${text.slice(0, 40)}”: ${problem}` : problem] : [];
    });
  });
  if (problems.length > 0) throw new AppError('validation', [...new Set(problems)].join('\n'));
  return when;
}

/** Every member's post carries the Auto-Post's graphic, so it becomes a portal library image. */
async function shareMedia(tx: Db, mediaId: string | null | undefined, portalId: number) {
  if (mediaId)
    await tx
      .update(media)
      .set({ library: true })
      .where(and(eq(media.id, mediaId), eq(media.portalId, portalId)));
}

const fields = (input: Upsert, when: Date) => ({
  contentId: input.contentId ?? null,
  body: input.body,
  mediaId: input.mediaId ?? null,
  link: input.link ?? null,
  networks: [...new Set(input.networks)],
  xVariants: input.xVariants,
  xSpreadMinutes: input.xSpreadMinutes,
  scheduledAt: when,
  timeZone: input.timeZone,
});

/** Schedules an Auto-Post and its fan-out job (one transaction). Admins only. */
export async function createAutoPost(deps: AutoPostDeps, actor: Actor, input: Upsert) {
  requireAdmin(actor, autoPostMessages.adminOnly);
  const when = await validate(deps, actor, input);
  const row = await deps.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(autoPosts)
      .values({ portalId: actor.portalId, createdBy: actor.userId, ...fields(input, when) })
      .returning();
    if (!made) throw new Error('insert returned nothing');
    await shareMedia(tx, input.mediaId, actor.portalId);
    await deps.enqueueIn(tx)(queues.autoPostFanout, { autoPostId: made.id, version: made.version }, when);
    return made;
  });
  return row;
}

/** Changes an Auto-Post before it starts; a new version and job replace the old ones. */
export async function updateAutoPost(deps: AutoPostDeps, actor: Actor, id: string, input: Upsert) {
  requireAdmin(actor, autoPostMessages.adminOnly);
  await findOwn(deps.db, actor, id);
  const when = await validate(deps, actor, input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(autoPosts)
      .set({ ...fields(input, when), version: sql`${autoPosts.version} + 1`, updatedAt: clock(deps) })
      .where(
        and(eq(autoPosts.id, id), eq(autoPosts.portalId, actor.portalId), eq(autoPosts.status, 'scheduled')),
      )
      .returning();
    if (!row) throw new AppError('conflict', autoPostMessages.started);
    await shareMedia(tx, input.mediaId, actor.portalId);
    await deps.enqueueIn(tx)(queues.autoPostFanout, { autoPostId: row.id, version: row.version }, when);
    return row;
  });
}

/**
 * Cancels an Auto-Post: before its time nothing is sent; during its fan-out the members' posts not
 * yet sent are cancelled too (those already published stay published).
 */
export async function cancelAutoPost(deps: AutoPostDeps, actor: Actor, id: string) {
  requireAdmin(actor, autoPostMessages.adminOnly);
  await findOwn(deps.db, actor, id);
  const now = clock(deps);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(autoPosts)
      .set({ status: 'cancelled', version: sql`${autoPosts.version} + 1`, updatedAt: now })
      .where(
        and(
          eq(autoPosts.id, id),
          eq(autoPosts.portalId, actor.portalId),
          inArray(autoPosts.status, ['scheduled', 'fanning_out', 'done']),
        ),
      )
      .returning();
    if (!row) throw new AppError('conflict', autoPostMessages.cancelled);
    await tx
      .update(postTargets)
      .set({ status: 'cancelled', version: sql`${postTargets.version} + 1`, updatedAt: now })
      .where(
        and(
          eq(postTargets.status, 'scheduled'),
          inArray(
            postTargets.postId,
            tx.select({ id: posts.id }).from(posts).where(eq(posts.autoPostId, id)),
          ),
        ),
      );
    return row;
  });
}

/** The portal's Auto-Posts in a time range (admins). */
export async function listAutoPosts(deps: AutoPostDeps, actor: Actor, q: z.output<typeof autoPostListQuery>) {
  requireAdmin(actor, autoPostMessages.adminOnly);
  return deps.db
    .select()
    .from(autoPosts)
    .where(
      and(
        eq(autoPosts.portalId, actor.portalId),
        q.from ? gte(autoPosts.scheduledAt, new Date(q.from)) : undefined,
        q.to ? lte(autoPosts.scheduledAt, new Date(q.to)) : undefined,
        q.status ? eq(autoPosts.status, q.status) : undefined,
      ),
    )
    .orderBy(asc(autoPosts.scheduledAt))
    .limit(500);
}

/** One Auto-Post with its fan-out results by network (admins); cheap enough to poll while it runs. */
export async function autoPostProgress(deps: AutoPostDeps, actor: Actor, id: string) {
  requireAdmin(actor, autoPostMessages.adminOnly);
  const row = await findOwn(deps.db, actor, id);
  const [byNetwork, choiceCounts] = await Promise.all([
    deps.db
      .select({
        network: postTargets.network,
        targets: sql<number>`count(*)::int`,
        published: sql<number>`(count(*) filter (where ${postTargets.status} = 'published'))::int`,
        failed: sql<number>`(count(*) filter (where ${postTargets.status} in ('failed', 'needs_reconnect', 'cancelled')))::int`,
      })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .where(eq(posts.autoPostId, id))
      .groupBy(postTargets.network),
    deps.db
      .select({ choice: autoPostMemberChoices.choice, n: sql<number>`count(*)::int` })
      .from(autoPostMemberChoices)
      .where(eq(autoPostMemberChoices.autoPostId, id))
      .groupBy(autoPostMemberChoices.choice),
  ]);
  const choiceCount = (c: string) => choiceCounts.find((r) => r.choice === c)?.n ?? 0;
  return {
    row,
    progress: {
      membersReached: row.membersReached,
      skippedAccounts: row.skippedAccounts,
      skippedMembers: choiceCount('skip'),
      customised: choiceCount('custom'),
      byNetwork: byNetwork.map((n) => ({ ...n, pending: n.targets - n.published - n.failed })),
      fanoutStartedAt: row.fanoutStartedAt,
      fanoutFinishedAt: row.fanoutFinishedAt,
    },
  };
}

/** The member's opted-in, connected accounts on the given networks. */
async function receivingAccounts(db: Db, actor: Actor) {
  return db
    .select()
    .from(socialConnections)
    .where(
      and(
        eq(socialConnections.userId, actor.userId),
        eq(socialConnections.autoPost, true),
        eq(socialConnections.status, 'connected'),
      ),
    );
}

/** At most this many upcoming Auto-Posts are listed at once (the calendar asks per period). */
const upcomingLimit = 100;

/**
 * The Auto-Posts this member will receive (not yet started), with their accounts and choice: the
 * next ones, or those scheduled in the calendar's period [from, to).
 */
export async function upcomingForMember(
  deps: AutoPostDeps,
  actor: Actor,
  range: { from?: string | undefined; to?: string | undefined } = {},
) {
  const now = clock(deps);
  const [rows, accounts] = await Promise.all([
    deps.db
      .select()
      .from(autoPosts)
      .where(
        and(
          eq(autoPosts.portalId, actor.portalId),
          or(eq(autoPosts.status, 'scheduled'), eq(autoPosts.status, 'fanning_out')),
          gte(autoPosts.scheduledAt, new Date(now.getTime() - 3600_000)),
          range.from ? gte(autoPosts.scheduledAt, new Date(range.from)) : undefined,
          range.to ? lt(autoPosts.scheduledAt, new Date(range.to)) : undefined,
        ),
      )
      .orderBy(asc(autoPosts.scheduledAt))
      .limit(upcomingLimit),
    receivingAccounts(deps.db, actor),
  ]);
  // Only the choices for the listed Auto-Posts: a member's past choices grow without end.
  const choices = rows.length
    ? await deps.db
        .select()
        .from(autoPostMemberChoices)
        .where(
          and(
            eq(autoPostMemberChoices.userId, actor.userId),
            inArray(
              autoPostMemberChoices.autoPostId,
              rows.map((r) => r.id),
            ),
          ),
        )
    : [];
  const choiceOf = new Map(choices.map((c) => [c.autoPostId, c]));
  return rows.map((row) => {
    const choice = choiceOf.get(row.id);
    const chosen: AutoPostChoice = choice?.choice ?? 'auto';
    return {
      row,
      choice: chosen,
      customPostId: choice?.postId ?? null,
      accounts: choice
        ? []
        : accounts
            .filter((a) => row.networks.includes(a.network))
            .map((a) => ({ connectionId: a.id, network: a.network, accountName: a.accountName })),
    };
  });
}

/**
 * The member's choice for one occurrence before it starts: 'auto' (as scheduled), 'skip', or
 * 'custom' — a post of their own made from it now, which the fan-out then leaves alone. Going
 * back to 'auto' removes a custom post that has not been sent.
 */
export async function chooseForOccurrence(
  deps: AutoPostDeps,
  actor: Actor,
  id: string,
  choice: AutoPostChoice,
) {
  const row = await findOwn(deps.db, actor, id);
  if (row.status !== 'scheduled') throw new AppError('conflict', autoPostMessages.started);
  const mine = and(eq(autoPostMemberChoices.autoPostId, id), eq(autoPostMemberChoices.userId, actor.userId));
  const [existing] = await deps.db.select().from(autoPostMemberChoices).where(mine);
  if ((existing?.choice ?? 'auto') === choice) return { choice, customPostId: existing?.postId ?? null };
  let postId: string | null = null;
  if (choice === 'custom') {
    const accounts = (await receivingAccounts(deps.db, actor)).filter((a) =>
      row.networks.includes(a.network),
    );
    if (accounts.length === 0) throw new AppError('validation', autoPostMessages.notOptedIn);
    postId = (await deps.createMemberPost(actor, customPostInput(row, accounts))).id;
  }
  // The row lock makes this wait for (or beat) a fan-out starting at the same moment, and another
  // choice of the member's for it (a double click): the choice replaced is the one read under it.
  try {
    await deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(autoPosts).where(eq(autoPosts.id, id)).for('update');
      if (locked?.status !== 'scheduled') throw new AppError('conflict', autoPostMessages.started);
      const [current] = await tx.select().from(autoPostMemberChoices).where(mine);
      if (current?.postId) await removeUnsentPost({ ...deps, db: tx }, actor, current.postId);
      if (choice === 'auto') await tx.delete(autoPostMemberChoices).where(mine);
      else
        await tx
          .insert(autoPostMemberChoices)
          .values({ autoPostId: id, userId: actor.userId, choice, postId })
          .onConflictDoUpdate({
            target: [autoPostMemberChoices.autoPostId, autoPostMemberChoices.userId],
            set: { choice, postId, createdAt: clock(deps) },
          });
    });
  } catch (err) {
    // The fan-out won the race and will post this occurrence (or the previous custom post was
    // already sent): the custom post just made must not be sent as well.
    if (postId) await removeUnsentPost(deps, actor, postId);
    throw err;
  }
  return { choice, customPostId: postId };
}

function customPostInput(row: AutoPostRow, accounts: { id: string }[]) {
  return {
    body: row.body,
    mediaId: row.mediaId,
    link: row.link,
    contentId: row.contentId,
    connectionIds: accounts.map((a) => a.id),
    scheduledAt: row.scheduledAt.toISOString(),
    timeZone: row.timeZone,
  };
}

/**
 * Deletes the member's custom post; refuses (conflict) once any of it was sent or is being sent,
 * as the occurrence would otherwise go out twice. Checked and deleted under the targets' row locks.
 */
async function removeUnsentPost(deps: AutoPostDeps, actor: Actor, postId: string) {
  await deps.db.transaction(async (tx) => {
    const { own, targets } = await lockOwnPosts(tx, actor, [postId]);
    if (own.length === 0) return;
    if (!isPostEditable({ targets })) throw alreadySent();
    await deps.afterTargetCheck?.();
    await tx.delete(posts).where(eq(posts.id, postId));
  });
}

/** The member's accounts with their Auto-Post opt-in. */
export async function autoPostSettingsOf(db: Db, actor: Actor) {
  const rows = await db
    .select()
    .from(socialConnections)
    .where(eq(socialConnections.userId, actor.userId))
    .orderBy(asc(socialConnections.createdAt));
  return {
    accounts: rows.map((r) => ({
      connectionId: r.id,
      network: r.network,
      accountName: r.accountName,
      status: r.status,
      enabled: r.autoPost,
    })),
  };
}

/**
 * Turns Auto-Post on or off per account. Turning it on records the moment, so an Auto-Post whose
 * fan-out already started does not reach back to this account.
 */
export async function updateAutoPostSettings(
  deps: Pick<AutoPostDeps, 'db' | 'now'>,
  actor: Actor,
  body: z.output<typeof autoPostSettingsBody>,
) {
  const ids = body.accounts.map((a) => a.connectionId);
  const own = await deps.db
    .select({ id: socialConnections.id })
    .from(socialConnections)
    .where(and(eq(socialConnections.userId, actor.userId), inArray(socialConnections.id, ids)));
  if (own.length !== new Set(ids).size) throw notFound('Connection');
  const now = clock(deps);
  await deps.db.transaction(async (tx) => {
    for (const a of body.accounts) {
      await tx
        .update(socialConnections)
        .set(
          a.enabled
            ? {
                autoPost: true,
                autoPostSince: sql`case when ${socialConnections.autoPost} then ${socialConnections.autoPostSince} else ${now.toISOString()}::timestamptz end`,
              }
            : { autoPost: false, autoPostSince: null },
        )
        .where(and(eq(socialConnections.id, a.connectionId), eq(socialConnections.userId, actor.userId)));
    }
  });
  return autoPostSettingsOf(deps.db, actor);
}
