import {
  autoPostClaimTexts,
  autoPostMessages,
  healthClaimRefusal,
  type autoPostListQuery,
  type OrganisationSettingsBody,
} from '@fitpost/contract';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { media, users } from '../../db/schema.js';
import { autoPostMemberChoices, autoPosts } from '../../db/schema-autopost.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { queues } from '../../jobs/queues.js';
import { AppError } from '../../lib/errors.js';
import { requireAdmin } from '../auth/policy.js';
import type { Actor } from '../auth/sessions.js';
import { claimWarningsOf } from '../organisation/health-claims.js';
import { settingsOf } from '../organisation/service.js';
import { clock, findPortalAutoPost, type AutoPostDeps } from './access.js';
import { autoPostChecks, validateAutoPost, type Upsert } from './validation.js';

// Admin scheduling: what the portal's admins schedule, change, cancel and follow.

/** Every member's post carries the Auto-Post's graphic, so it becomes a portal library image. */
export async function shareMedia(tx: Db, mediaId: string | null | undefined, portalId: number) {
  if (mediaId)
    await tx
      .update(media)
      .set({ library: true })
      .where(and(eq(media.id, mediaId), eq(media.portalId, portalId)));
}

export const fields = (input: Upsert, when: Date, settings: OrganisationSettingsBody) => ({
  contentId: input.contentId ?? null,
  body: input.body,
  mediaId: input.mediaId ?? null,
  link: input.link ?? null,
  networks: [...new Set(input.networks)],
  xVariants: input.xVariants,
  xSpreadMinutes: input.xSpreadMinutes,
  utm: input.utm ?? settings.utmEnabled,
  scheduledAt: when,
  timeZone: input.timeZone,
});

/**
 * The health claims of the texts members get (merge fields filled, see autoPostClaimTexts).
 * Unacknowledged, they refuse the save (422) naming each phrase; acknowledged, the admin and the
 * time are recorded with them.
 */
async function checkClaims(deps: AutoPostDeps, actor: Actor, input: Upsert) {
  // In the save's transaction, the portal's rules held until it commits (a change of rules rechecks it).
  const warnings = await claimWarningsOf(deps.db, actor.portalId, autoPostClaimTexts(input), { lock: true });
  if (warnings.length === 0)
    return {
      claimWarnings: [],
      claimsAcknowledgedAt: null,
      claimsAcknowledgedBy: null,
      claimsAcknowledgedByName: null,
    };
  if (input.acknowledgeWarnings !== true) throw new AppError('health_claims', healthClaimRefusal(warnings));
  const [admin] = await deps.db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, actor.userId));
  return {
    claimWarnings: warnings,
    claimsAcknowledgedAt: clock(deps),
    claimsAcknowledgedBy: actor.userId,
    claimsAcknowledgedByName: admin?.fullName ?? null,
  };
}

/** Schedules an Auto-Post and its fan-out job (one transaction). Admins only. */
export async function createAutoPost(deps: AutoPostDeps, actor: Actor, input: Upsert) {
  requireAdmin(actor, autoPostMessages.adminOnly);
  const settings = await settingsOf(deps.db, actor.portalId);
  const when = await validateAutoPost(autoPostChecks(deps, actor, settings), input);
  const row = await deps.db.transaction(async (tx) => {
    const claims = await checkClaims({ ...deps, db: tx }, actor, input);
    const [made] = await tx
      .insert(autoPosts)
      .values({
        portalId: actor.portalId,
        createdBy: actor.userId,
        ...fields(input, when, settings),
        ...claims,
      })
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
  await findPortalAutoPost(deps.db, actor, id);
  const settings = await settingsOf(deps.db, actor.portalId);
  const when = await validateAutoPost(autoPostChecks(deps, actor, settings), input);
  return deps.db.transaction(async (tx) => {
    const claims = await checkClaims({ ...deps, db: tx }, actor, input);
    const [row] = await tx
      .update(autoPosts)
      .set({
        ...fields(input, when, settings),
        ...claims,
        version: sql`${autoPosts.version} + 1`,
        updatedAt: clock(deps),
      })
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
 * yet sent are canceled too (those already published stay published).
 */
export async function cancelAutoPost(deps: AutoPostDeps, actor: Actor, id: string) {
  requireAdmin(actor, autoPostMessages.adminOnly);
  await findPortalAutoPost(deps.db, actor, id);
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
  const row = await findPortalAutoPost(deps.db, actor, id);
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
