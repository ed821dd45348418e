import { autoPostMessages, isPostEditable, type AutoPostChoice } from '@fitpost/contract';
import { and, asc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { socialConnections } from '../../db/schema.js';
import { autoPostMemberChoices, autoPosts } from '../../db/schema-autopost.js';
import { posts } from '../../db/schema-posts.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { alreadySent, lockOwnPosts } from '../posts/claim-guard.js';
import { clock, findPortalAutoPost, type AutoPostDeps } from './access.js';
import { memberBody, memberValuesOf, type MemberValues } from './personalise.js';

// Members' choices: the Auto-Posts coming to a member, and their choice for each occurrence.

type AutoPostRow = typeof autoPosts.$inferSelect;

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
  // The member reads their own text: their details fill the caption's merge fields (issue 26).
  const values = await memberValuesOf(deps.db, actor.userId);
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
      body: memberBody(row, values),
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
  const row = await findPortalAutoPost(deps.db, actor, id);
  if (row.status !== 'scheduled') throw new AppError('conflict', autoPostMessages.started);
  const mine = and(eq(autoPostMemberChoices.autoPostId, id), eq(autoPostMemberChoices.userId, actor.userId));
  const accounts =
    choice === 'custom'
      ? (await receivingAccounts(deps.db, actor)).filter((a) => row.networks.includes(a.network))
      : [];
  if (choice === 'custom' && accounts.length === 0)
    throw new AppError('validation', autoPostMessages.notOptedIn);
  const values = choice === 'custom' ? await memberValuesOf(deps.db, actor.userId) : null;
  // Everything happens under the Auto-Post's row lock, which a starting fan-out also takes: the
  // custom post (with its publish job) exists only together with the choice that keeps the fan-out
  // away from the member, so the occurrence can never be sent both ways. A second request of the
  // member's (a double click) waits here and then finds the first one's choice.
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(autoPosts).where(eq(autoPosts.id, id)).for('update');
    if (locked?.status !== 'scheduled') throw new AppError('conflict', autoPostMessages.started);
    const [current] = await tx.select().from(autoPostMemberChoices).where(mine);
    if ((current?.choice ?? 'auto') === choice) return { choice, customPostId: current?.postId ?? null };
    if (current?.postId) await removeUnsentPost({ ...deps, db: tx }, actor, current.postId);
    const postId =
      choice === 'custom'
        ? (
            await deps.createMemberPost(
              tx,
              actor,
              customPostInput(row, accounts, values ?? (await memberValuesOf(tx, actor.userId))),
            )
          ).id
        : null;
    if (choice === 'auto') await tx.delete(autoPostMemberChoices).where(mine);
    else
      await tx
        .insert(autoPostMemberChoices)
        .values({ autoPostId: id, userId: actor.userId, choice, postId })
        .onConflictDoUpdate({
          target: [autoPostMemberChoices.autoPostId, autoPostMemberChoices.userId],
          set: { choice, postId, createdAt: clock(deps) },
        });
    return { choice, customPostId: postId };
  });
}

/** The member's own post made from `row`: their text (merge fields filled), on their accounts. */
function customPostInput(row: AutoPostRow, accounts: { id: string }[], values: MemberValues) {
  return {
    body: memberBody(row, values),
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
