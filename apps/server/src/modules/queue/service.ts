import {
  defaultQueueSlots,
  nextFreeSlot,
  queueLimits,
  queueMessages,
  sortSlots,
  type QueueSlot,
  type QueueSlots,
  type QueueSlotsPut,
  type QueueSlotTaken,
  type QueueSummary,
} from '@fitpost/contract';
import { and, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { socialConnections, users } from '../../db/schema.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { queueSlots } from '../../db/schema-queue.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { memberZone } from '../organisation/time-zone.js';

export interface QueueDeps {
  db: Db;
  /** The deployment's zone (FITPOST_TIME_ZONE), the last of memberZone's choices. */
  timeZone: string;
  now?: () => Date;
}

const clock = (deps: Pick<QueueDeps, 'now'>) => deps.now?.() ?? new Date();
const weekMs = 7 * 86_400_000;

/** The member's own slots, or FitPost's suggestions while they have saved none. */
async function slotsOf(db: Db, userId: string): Promise<{ slots: QueueSlot[]; isDefault: boolean }> {
  const rows = await db
    .select({ weekday: queueSlots.weekday, time: queueSlots.time })
    .from(queueSlots)
    .where(eq(queueSlots.userId, userId));
  return rows.length > 0
    ? { slots: sortSlots(rows), isDefault: false }
    : { slots: defaultQueueSlots, isDefault: true };
}

/**
 * The instants in (from, from + horizon] that one of the member's posts holds: any post with an
 * account still to go out or already sent there (a canceled or draft post holds nothing).
 */
async function takenInstants(db: Db, userId: string, from: Date): Promise<Set<number>> {
  const until = new Date(from.getTime() + (queueLimits.horizonWeeks + 1) * weekMs);
  const rows = await db
    .selectDistinct({ at: posts.scheduledAt })
    .from(posts)
    .innerJoin(postTargets, eq(postTargets.postId, posts.id))
    .where(
      and(
        eq(posts.userId, userId),
        gt(posts.scheduledAt, from),
        lte(posts.scheduledAt, until),
        ne(postTargets.status, 'cancelled'),
      ),
    );
  return new Set(rows.flatMap((r) => (r.at ? [r.at.getTime()] : [])));
}

async function nextFree(deps: QueueDeps, db: Db, userId: string, zone: string, slots: QueueSlot[]) {
  const now = clock(deps);
  return nextFreeSlot(slots, zone, now.getTime(), await takenInstants(db, userId, now));
}

/** GET /api/queue/slots: the member's week of slots, their zone and the next free one. */
export async function getSlots(deps: QueueDeps, actor: Actor): Promise<QueueSlots> {
  const zone = await memberZone(deps.db, actor.userId, deps.timeZone);
  const { slots, isDefault } = await slotsOf(deps.db, actor.userId);
  const next = await nextFree(deps, deps.db, actor.userId, zone, slots);
  return { timeZone: zone, slots, isDefault, nextFree: next?.at ?? null };
}

/** PUT /api/queue/slots: replaces the member's week of slots (validated by the contract). */
export async function putSlots(deps: QueueDeps, actor: Actor, input: QueueSlotsPut): Promise<QueueSlots> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(queueSlots).where(eq(queueSlots.userId, actor.userId));
    await tx.insert(queueSlots).values(input.slots.map((s) => ({ userId: actor.userId, ...s })));
  });
  return getSlots(deps, actor);
}

/** DELETE /api/queue/slots: forgets the member's own slots, so FitPost's suggested week applies again. */
export async function clearSlots(deps: QueueDeps, actor: Actor): Promise<QueueSlots> {
  await deps.db.delete(queueSlots).where(eq(queueSlots.userId, actor.userId));
  return getSlots(deps, actor);
}

/**
 * The accounts the member usually posts to: those of their last post of their own (not an
 * Auto-Post's) that are still connected, else every connected account of theirs.
 */
async function usualConnectionIds(db: Db, actor: Actor): Promise<string[]> {
  const connected = await db
    .select({ id: socialConnections.id })
    .from(socialConnections)
    .where(and(eq(socialConnections.userId, actor.userId), eq(socialConnections.status, 'connected')))
    .orderBy(socialConnections.network, socialConnections.accountName);
  const ids = connected.map((c) => c.id);
  const [last] = await db
    .select({ id: posts.id, draftConnectionIds: posts.draftConnectionIds })
    .from(posts)
    .where(and(eq(posts.userId, actor.userId), isNull(posts.autoPostId)))
    .orderBy(desc(posts.createdAt))
    .limit(1);
  if (!last || ids.length === 0) return ids;
  const targets = await db
    .select({ connectionId: postTargets.connectionId })
    .from(postTargets)
    .where(and(eq(postTargets.postId, last.id), inArray(postTargets.connectionId, ids)));
  const used = new Set([...last.draftConnectionIds, ...targets.flatMap((t) => t.connectionId ?? [])]);
  const usual = ids.filter((id) => used.has(id));
  return usual.length > 0 ? usual : ids;
}

/** GET /api/queue: what 'Add to Queue' would do now (the slot and the accounts). */
export async function getSummary(deps: QueueDeps, actor: Actor): Promise<QueueSummary> {
  const [slots, usual] = await Promise.all([getSlots(deps, actor), usualConnectionIds(deps.db, actor)]);
  return { timeZone: slots.timeZone, nextFree: slots.nextFree, usualConnectionIds: usual };
}

/**
 * Takes the member's next free slot for a post being saved in `tx`. The member's row is locked
 * first, so two queue saves of one member run one after the other and the second sees the first's
 * post: no two posts take one slot. The caller writes the post in the same transaction.
 */
export async function takeNextSlot(
  deps: QueueDeps,
  tx: Db,
  actor: Pick<Actor, 'userId'>,
): Promise<QueueSlotTaken> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${actor.userId} for update`);
  const zone = await memberZone(tx, actor.userId, deps.timeZone);
  const { slots } = await slotsOf(tx, actor.userId);
  const next = await nextFree(deps, tx, actor.userId, zone, slots);
  if (!next) throw new AppError('conflict', queueMessages.full);
  return { ...next.slot, scheduledAt: next.at, timeZone: zone };
}
