import { createHash } from 'node:crypto';
import { networkServiceNames, notificationTexts, roleIds } from '@fitpost/contract';
import { and, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { anyOf, insertRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { socialConnections, userRoles } from '../../db/schema.js';
import { autoPostMemberChoices, autoPosts } from '../../db/schema-autopost.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { queues, type FanoutJob } from '../../jobs/queues.js';
import { metrics } from '../../lib/metrics.js';
import { roleActiveAt } from '../auth/access.js';
import type { EmailOutbox } from '../email/outbox.js';
import { notifyMany, type NewNotification } from '../notifications/notify.js';
import { memberBody, memberLink, memberMergeFallback, memberXText, mergeValuesOf } from './personalise.js';

type EnqueueMany = (queue: string, jobs: { data: object; startAfter?: Date }[]) => Promise<unknown>;
type Enqueue = (queue: string, data: object, startAfter?: Date) => Promise<unknown>;

export interface FanoutDeps {
  db: Db;
  /** Sends many jobs within the given transaction (jobs/queues.ts enqueueManyIn). */
  enqueueManyIn: (tx: Db) => EnqueueMany;
  enqueueIn: (tx: Db) => Enqueue;
  /** Members handled per transaction. */
  batchSize: number;
  /** A fan-out silent this long (its worker died) is resumed by the sweep. */
  staleAfterMs: number;
  /** True once the worker is shutting down: the fan-out stops after its current batch ('paused'). */
  isStopping?: () => boolean;
  /** Where the members' notification emails are queued; absent or null: no email. */
  emails?: EmailOutbox | null;
  /** Where pg-boss keeps a queue's jobs (jobs/queues.ts jobTables): analyzed with the targets as a fan-out grows them. */
  jobTable?: (queue: string) => Promise<SQL>;
  now?: () => Date;
}

const clock = (deps: Pick<FanoutDeps, 'now'>) => deps.now?.() ?? new Date();

type AutoPostRow = typeof autoPosts.$inferSelect;

type ConnectionRow = typeof socialConnections.$inferSelect;

/** A stable number in [0, 1) from a string: spreads X sends and picks variants the same way on every run. */
function unitHash(value: string) {
  return createHash('sha256').update(value).digest().readUInt32BE(0) / 2 ** 32;
}

/** When the account's post is due: X sends spread over the window, every other network at once. */
function dueAtFor(autoPost: Pick<AutoPostRow, 'id' | 'scheduledAt' | 'xSpreadMinutes'>, c: ConnectionRow) {
  if (c.network !== 'x' || autoPost.xSpreadMinutes === 0) return autoPost.scheduledAt;
  const offset = Math.floor(unitHash(`${autoPost.id}:${c.id}`) * autoPost.xSpreadMinutes * 60_000);
  return new Date(autoPost.scheduledAt.getTime() + offset);
}

/** The member's X text: one of the variants (the same one on every run), or the body. */
export function xTextFor(autoPost: Pick<AutoPostRow, 'id' | 'xVariants'>, userId: string) {
  const variants = autoPost.xVariants;
  if (variants.length === 0) return null;
  return variants[Math.floor(unitHash(`${autoPost.id}:${userId}`) * variants.length)] ?? null;
}

/**
 * An Auto-Post goes out only once an admin checked every health claim in it (issue 30): it has
 * none, or its acknowledgement stands. A change of the organisation's rules can take that away
 * after it was scheduled (claim-recheck.ts); such an Auto-Post is held, neither started nor swept,
 * until an admin edits it and checks the claims (which saves a new version and its own job).
 */
const claimsChecked = or(
  sql`${autoPosts.claimWarnings} = '[]'::jsonb`,
  isNotNull(autoPosts.claimsAcknowledgedAt),
);

/**
 * Runs (or resumes) the fan-out of one Auto-Post version: pages through the portal's members
 * with an opted-in account on the Auto-Post's networks, by id, and for each batch writes, in one
 * transaction, the members' posts, their targets, their publish jobs and the new cursor. A crash
 * loses at most the open transaction; a re-run continues from the cursor, and the unique
 * (auto-post, member) post makes a repeated batch create nothing. Accounts opted in after the
 * fan-out started, members who skipped or customised this occurrence, and members without
 * FitPost access are left out; disconnected accounts are skipped and counted.
 */
export async function runFanout(deps: FanoutDeps, job: FanoutJob) {
  const now = clock(deps);
  const [claimed] = await deps.db
    .update(autoPosts)
    .set({
      status: 'fanning_out',
      fanoutStartedAt: sql`coalesce(${autoPosts.fanoutStartedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(autoPosts.id, job.autoPostId),
        eq(autoPosts.version, job.version),
        inArray(autoPosts.status, ['scheduled', 'fanning_out']),
        lte(autoPosts.scheduledAt, new Date(now.getTime() + 5000)),
        claimsChecked,
      ),
    )
    .returning();
  if (!claimed) return { status: 'skipped' as const, members: 0 };
  let members = 0;
  for (let batches = 1; ; batches += 1) {
    if (deps.isStopping?.()) return { status: 'paused' as const, members };
    const step = await fanoutBatch(deps, claimed.id, job.version);
    if (step === 'stopped') return { status: 'stopped' as const, members };
    if (step === 'done') return { status: 'done' as const, members };
    members += step.members;
    metrics.fanoutMembers.inc(step.members);
    metrics.fanoutTargets.inc(step.targets);
    // After batches 1, 2, 4, 8, …: each time the fan-out has doubled what it wrote.
    if ((batches & (batches - 1)) === 0) await analyzeQueued(deps);
  }
}

/**
 * Fresh planner statistics for the targets and the publish queue, which a fan-out grows by
 * thousands of rows a second while the same worker publishes them. Autovacuum (and PGlite's upkeep,
 * db/upkeep.ts) analyzes a table only after its nap (up to a minute, 30 s): until then the claim of
 * a batch and pg-boss's fetch were planned for the queue as it was — empty — and read every queued
 * row each time, 25-50 ms a statement at 30,000 targets (docs/benchmarks.md, "Fan-out throughput,
 * second round").
 */
async function analyzeQueued(deps: FanoutDeps) {
  const jobs = deps.jobTable ? await deps.jobTable(queues.publish) : null;
  await deps.db.execute(sql`analyze ${postTargets}${jobs ? sql`, ${jobs}` : sql``}`);
}

/** One batch of members in one transaction; returns how many were handled, or that it ended. */
async function fanoutBatch(deps: FanoutDeps, autoPostId: string, version: number) {
  const now = clock(deps);
  return deps.db.transaction(async (tx) => {
    // The row lock serialises concurrent runs of the same fan-out (a resumed one and a slow one).
    const [ap] = await tx.select().from(autoPosts).where(eq(autoPosts.id, autoPostId)).for('update');
    if (!ap || ap.version !== version || ap.status !== 'fanning_out' || !ap.fanoutStartedAt)
      return 'stopped' as const;
    const startedAt = ap.fanoutStartedAt;
    const eligible = and(
      eq(socialConnections.portalId, ap.portalId),
      eq(socialConnections.autoPost, true),
      lte(socialConnections.autoPostSince, startedAt),
      inArray(socialConnections.network, ap.networks),
    );
    const memberRows = await tx
      .selectDistinct({ userId: socialConnections.userId })
      .from(socialConnections)
      .where(and(eligible, ap.fanoutCursor ? gt(socialConnections.userId, ap.fanoutCursor) : undefined))
      .orderBy(socialConnections.userId)
      .limit(deps.batchSize);
    if (memberRows.length === 0) {
      await tx
        .update(autoPosts)
        .set({ status: 'done', fanoutFinishedAt: now, updatedAt: now })
        .where(eq(autoPosts.id, ap.id));
      return 'done' as const;
    }
    const memberIds = memberRows.map((m) => m.userId);
    // One connection serves the transaction, so its statements go one after another.
    const connections = await tx
      .select()
      .from(socialConnections)
      .where(and(eligible, anyOf(socialConnections.userId, memberIds)));
    const choices = await tx
      .select({ userId: autoPostMemberChoices.userId })
      .from(autoPostMemberChoices)
      .where(
        and(eq(autoPostMemberChoices.autoPostId, ap.id), anyOf(autoPostMemberChoices.userId, memberIds)),
      );
    const entitled = await tx
      .selectDistinct({ userId: userRoles.userId })
      .from(userRoles)
      .where(
        and(
          anyOf(userRoles.userId, memberIds),
          inArray(userRoles.roleId, [roleIds.member, roleIds.admin]),
          roleActiveAt(now),
        ),
      );
    const chose = new Set(choices.map((c) => c.userId));
    const allowed = new Set(entitled.map((e) => e.userId));
    const byMember = new Map<string, ConnectionRow[]>();
    const skippedOf = new Map<string, ConnectionRow[]>();
    let skippedAccounts = 0;
    for (const c of connections) {
      if (chose.has(c.userId) || !allowed.has(c.userId)) continue;
      if (c.status !== 'connected') {
        skippedAccounts += 1;
        skippedOf.set(c.userId, [...(skippedOf.get(c.userId) ?? []), c]);
        continue;
      }
      byMember.set(c.userId, [...(byMember.get(c.userId) ?? []), c]);
    }
    // Each member's own text: their details fill the caption's merge fields (issue 15).
    const values = await mergeValuesOf(tx, [...new Set([...byMember.keys(), ...skippedOf.keys()])]);
    const valuesOf = (userId: string) => values.get(userId) ?? memberMergeFallback;
    const made = await insertRows(
      tx,
      posts,
      ['portalId', 'userId', 'body', 'mediaId', 'link', 'contentId', 'autoPostId', 'scheduledAt', 'timeZone'],
      [...byMember.keys()].map((userId) => ({
        portalId: ap.portalId,
        userId,
        body: memberBody(ap, valuesOf(userId)),
        mediaId: ap.mediaId,
        link: ap.link,
        contentId: ap.contentId,
        autoPostId: ap.id,
        scheduledAt: ap.scheduledAt,
        timeZone: ap.timeZone,
      })),
      { onConflictDoNothing: true, returning: ['id', 'userId'] },
    );
    const targets = made.flatMap((p) =>
      (byMember.get(p.userId) ?? []).map((c) => ({
        postId: p.id,
        portalId: ap.portalId,
        userId: p.userId,
        connectionId: c.id,
        network: c.network,
        accountName: c.accountName,
        bodyOverride: c.network === 'x' ? memberXText(xTextFor(ap, p.userId), valuesOf(p.userId)) : null,
        linkOverride: ap.utm ? memberLink(ap, c.network, p.userId) : null,
        dueAt: dueAtFor(ap, c),
      })),
    );
    const inserted = await insertRows(
      tx,
      postTargets,
      [
        'postId',
        'portalId',
        'userId',
        'connectionId',
        'network',
        'accountName',
        'bodyOverride',
        'linkOverride',
        'dueAt',
      ],
      targets,
      { returning: ['id', 'version', 'dueAt'] },
    );
    await deps.enqueueManyIn(tx)(
      queues.publish,
      inserted.map((t) => ({ data: { targetId: t.id, version: t.version }, startAfter: t.dueAt })),
    );
    // Each member hears once per Auto-Post: that it reached their accounts, or that it skipped one.
    const reachedIds = new Set(made.map((p) => p.userId));
    const told = [...new Set([...reachedIds, ...skippedOf.keys()])];
    await notifyMany(
      tx,
      deps.emails,
      told.map((userId) => ({
        userId,
        ...fanoutNotification(
          memberBody(ap, valuesOf(userId)),
          reachedIds.has(userId) ? byMember.get(userId) : undefined,
          skippedOf.get(userId),
        ),
      })),
    );
    await tx
      .update(autoPosts)
      .set({
        fanoutCursor: memberIds.at(-1),
        membersReached: sql`${autoPosts.membersReached} + ${made.length}`,
        skippedAccounts: sql`${autoPosts.skippedAccounts} + ${skippedAccounts}`,
        updatedAt: now,
      })
      .where(eq(autoPosts.id, ap.id));
    return { members: memberIds.length, targets: inserted.length };
  });
}

/** The networks' names, as a sentence lists them: "your LinkedIn and X accounts". */
function accountsPhrase(rows: readonly ConnectionRow[]) {
  const names = [...new Set(rows.map((r) => networkServiceNames[r.network]))].sort();
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return `your ${list} account${rows.length > 1 ? 's' : ''}`;
}

/** The start of the Auto-Post's text, as its notifications name it. */
export function excerptOf(body: string) {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line || 'Auto-Post';
}

/**
 * What a member is told about one Auto-Post (named by the start of their own text, `body`): that
 * it skipped accounts needing reconnecting (and where it still went), or else that it reached their
 * accounts. Words the same for every member with the same networks, so their emails share one body.
 */
function fanoutNotification(
  body: string,
  reached: readonly ConnectionRow[] | undefined,
  skipped: readonly ConnectionRow[] | undefined,
): Omit<NewNotification, 'userId'> {
  const excerpt = excerptOf(body);
  if (skipped?.length)
    return {
      kind: 'autopost.skipped_account',
      title: notificationTexts.autoPostSkippedTitle(excerpt),
      body: notificationTexts.autoPostSkippedText(
        accountsPhrase(skipped),
        skipped.length > 1,
        reached?.length ? accountsPhrase(reached) : null,
      ),
      network: skipped.length === 1 ? (skipped[0]?.network ?? null) : null,
    };
  return {
    kind: 'autopost.reached',
    title: notificationTexts.autoPostReachedTitle(excerpt),
    body: notificationTexts.autoPostReachedText(accountsPhrase(reached ?? [])),
  };
}

/**
 * Restarts what a dead worker left: fan-outs silent for `staleAfterMs`, and Auto-Posts past their
 * time whose fan-out job never ran (not those held for a check of their claims). A resumed
 * fan-out continues from its cursor, so two runs of one never post twice.
 */
export async function sweepFanouts(deps: FanoutDeps) {
  const now = clock(deps);
  const cutoff = new Date(now.getTime() - deps.staleAfterMs);
  const stale = await deps.db
    .update(autoPosts)
    .set({ updatedAt: now })
    .where(
      and(
        lte(autoPosts.updatedAt, cutoff),
        or(
          eq(autoPosts.status, 'fanning_out'),
          and(eq(autoPosts.status, 'scheduled'), lte(autoPosts.scheduledAt, cutoff), claimsChecked),
        ),
      ),
    )
    .returning({ id: autoPosts.id, version: autoPosts.version });
  for (const ap of stale)
    await deps.enqueueIn(deps.db)(queues.autoPostFanout, { autoPostId: ap.id, version: ap.version });
  return stale.length;
}
