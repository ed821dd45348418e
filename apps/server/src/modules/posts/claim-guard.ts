import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';

/** Possibly reaching the network right now: not even a delete may touch it. */
export const inFlightStatuses = ['publishing', 'unknown'] as const;

/** The conflict an edit (or an Auto-Post choice) meets when the post went out first (the contract's `isPostEditable`). */
export const alreadySent = () =>
  new AppError('conflict', 'This post has already been sent; duplicate it to post it again.');

export interface ClaimGuardSeam {
  /**
   * Test seam: runs inside the transaction of an edit, reschedule or delete, after its targets were
   * locked and checked and before they change, so a test can aim the engine's claim at exactly
   * that moment.
   */
  afterTargetCheck?: () => Promise<void>;
}

/**
 * The caller's posts among `ids` and their targets, locked until `tx` ends (docs/architecture.md
 * §8). The engine claims a target with one conditional update of its row, so while these locks are
 * held a claim waits, and then finds what `tx` left — no row, a new version, or a status other than
 * `scheduled` — and claims nothing; a claim that came first shows here as `publishing`. So what the
 * caller checks on these rows still holds when it acts. Posts are locked too, so two edits of one
 * post take turns (the second sees the first's new targets). Rows are locked in id order.
 */
export async function lockOwnPosts(tx: Db, actor: Actor, ids: string[]) {
  const own = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.userId, actor.userId), inArray(posts.id, ids)))
    .orderBy(posts.id)
    .for('update');
  const targets = own.length
    ? await tx
        .select()
        .from(postTargets)
        .where(
          inArray(
            postTargets.postId,
            own.map((p) => p.id),
          ),
        )
        .orderBy(postTargets.id)
        .for('update')
    : [];
  return { own, targets };
}

/** Whether any of the targets is in one of the statuses. */
export const anyIn = (targets: { status: string }[], statuses: readonly string[]) =>
  targets.some((t) => statuses.includes(t.status));
