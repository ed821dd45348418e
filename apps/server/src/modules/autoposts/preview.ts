import {
  autoPostMessages,
  mergeFieldsUsed,
  type AutoPostMemberPreview,
  type AutoPostPreview,
  mergeFieldNames,
  type MemberDetailGaps,
  type MergeFieldName,
  type Network,
} from '@fitpost/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { socialConnections, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { requireAdmin } from '../auth/policy.js';
import type { Actor } from '../auth/sessions.js';
import { findPortalAutoPost, type AutoPostDeps } from './access.js';
import { xTextFor } from './fanout.js';
import {
  memberBody,
  memberLink,
  memberXText,
  mergeValuesOf,
  missingFields,
  type MemberValues,
} from './personalise.js';

type AutoPostRow = Awaited<ReturnType<typeof findPortalAutoPost>>;

/** Members looked at for the "missing fields" sample. */
const missingScan = 200;

/** The opted-in accounts' condition for an Auto-Post: connected, Auto-Post on, on its networks. */
const eligible = (ap: { portalId: number; networks: readonly Network[] }) =>
  and(
    eq(socialConnections.portalId, ap.portalId),
    eq(socialConnections.autoPost, true),
    eq(socialConnections.status, 'connected'),
    inArray(socialConnections.network, [...ap.networks]),
  );

/** The fields the Auto-Post's captions use, so "missing" means missing from this post. */
const fieldsUsed = (ap: AutoPostRow) => new Set([ap.body, ...ap.xVariants].flatMap(mergeFieldsUsed));

type AccountRow = Pick<
  typeof socialConnections.$inferSelect,
  'userId' | 'network' | 'accountName' | 'handle' | 'pictureUrl' | 'autoPost'
>;

/** The member's account on `network` the post goes to: an opted-in one first, else any connected. */
function accountOn(accounts: readonly AccountRow[], userId: string, network: Network) {
  const theirs = accounts.filter((a) => a.userId === userId && a.network === network);
  const account = theirs.find((a) => a.autoPost) ?? theirs[0];
  return account
    ? { accountName: account.accountName, handle: account.handle, pictureUrl: account.pictureUrl }
    : null;
}

/** One member's posts, exactly as the fan-out builds them (personalise.ts), under their own account. */
function previewOf(
  ap: AutoPostRow,
  member: { id: string; fullName: string; thumbnailUrl: string },
  values: MemberValues,
  reason: AutoPostMemberPreview['reason'],
  optedIn: boolean,
  used: Set<MergeFieldName>,
  accounts: readonly AccountRow[],
): AutoPostMemberPreview {
  return {
    userId: member.id,
    fullName: member.fullName,
    thumbnailUrl: member.thumbnailUrl,
    reason,
    optedIn,
    missingFields: missingFields(values).filter((f) => used.has(f)),
    posts: ap.networks.map((network) => ({
      network,
      text:
        network === 'x'
          ? (memberXText(xTextFor(ap, member.id), values) ?? memberBody(ap, values))
          : memberBody(ap, values),
      link: memberLink(ap, network, member.id),
      account: accountOn(accounts, member.id, network),
    })),
  };
}

async function optedInIds(db: Db, ap: AutoPostRow, opts: { order: 'first' | 'random'; limit: number }) {
  const rows = await db
    .select({ userId: socialConnections.userId })
    .from(socialConnections)
    .where(eligible(ap))
    .groupBy(socialConnections.userId)
    .orderBy(opts.order === 'first' ? asc(socialConnections.userId) : sql`random()`)
    .limit(opts.limit);
  return rows.map((r) => r.userId);
}

/**
 * GET /api/autoposts/{id}/preview (admins): the Auto-Post as members will get it. With `userId`,
 * that member of the portal (404 for anyone else's); without, a sample of opted-in members: the
 * first the fan-out reaches, one missing a field the captions use, and a random one.
 */
export async function previewAutoPost(
  deps: AutoPostDeps,
  actor: Actor,
  id: string,
  userId: string | undefined,
): Promise<AutoPostPreview> {
  requireAdmin(actor, autoPostMessages.adminOnly);
  const ap = await findPortalAutoPost(deps.db, actor, id);
  const used = fieldsUsed(ap);
  const picks: { id: string; reason: AutoPostMemberPreview['reason'] }[] = [];
  if (userId) picks.push({ id: userId, reason: 'searched' });
  else {
    const [first] = await optedInIds(deps.db, ap, { order: 'first', limit: 1 });
    if (first) picks.push({ id: first, reason: 'first' });
    const scan = await optedInIds(deps.db, ap, { order: 'random', limit: missingScan });
    const scanned = await mergeValuesOf(deps.db, scan);
    const lacksField = (m: string) => {
      const v = scanned.get(m);
      return v !== undefined && missingFields(v).some((f) => used.has(f));
    };
    const missing = scan.find((m) => m !== first && lacksField(m));
    if (missing) picks.push({ id: missing, reason: 'missing' });
    const random = scan.find((m) => !picks.some((p) => p.id === m));
    if (random) picks.push({ id: random, reason: 'random' });
  }
  const ids = picks.map((p) => p.id);
  const members = ids.length
    ? await deps.db
        .select({ id: users.id, fullName: users.fullName, thumbnailUrl: users.thumbnailUrl })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.portalId, actor.portalId)))
    : [];
  if (userId && members.length === 0) throw notFound('Member');
  const optedIn = new Set(
    ids.length
      ? (
          await deps.db
            .selectDistinct({ userId: socialConnections.userId })
            .from(socialConnections)
            .where(and(eligible(ap), inArray(socialConnections.userId, ids)))
        ).map((r) => r.userId)
      : [],
  );
  const values = await mergeValuesOf(deps.db, ids);
  const accounts = ids.length
    ? await deps.db
        .select({
          userId: socialConnections.userId,
          network: socialConnections.network,
          accountName: socialConnections.accountName,
          handle: socialConnections.handle,
          pictureUrl: socialConnections.pictureUrl,
          autoPost: socialConnections.autoPost,
        })
        .from(socialConnections)
        .where(
          and(
            eq(socialConnections.portalId, actor.portalId),
            eq(socialConnections.status, 'connected'),
            inArray(socialConnections.userId, ids),
          ),
        )
        .orderBy(asc(socialConnections.createdAt))
    : [];
  return {
    autoPostId: ap.id,
    members: picks.flatMap((pick) => {
      const member = members.find((m) => m.id === pick.id);
      const memberValues = values.get(pick.id);
      return member && memberValues
        ? [previewOf(ap, member, memberValues, pick.reason, optedIn.has(pick.id), used, accounts)]
        : [];
    }),
  };
}

/**
 * GET /api/autoposts/member-details (admins): how many members have Auto-Post on for an account on
 * `networks`, and how many of them lack each merge field, so the form can warn before scheduling.
 */
export async function memberDetailGapsOf(
  deps: AutoPostDeps,
  actor: Actor,
  networks: readonly Network[],
): Promise<MemberDetailGaps> {
  requireAdmin(actor, autoPostMessages.adminOnly);
  const rows = await deps.db
    .selectDistinct({ userId: socialConnections.userId })
    .from(socialConnections)
    .where(eligible({ portalId: actor.portalId, networks }));
  const values = await mergeValuesOf(
    deps.db,
    rows.map((r) => r.userId),
  );
  // fromEntries over every field name: the record is complete.
  const missing = Object.fromEntries(mergeFieldNames.map((name) => [name, 0])) as Record<
    MergeFieldName,
    number
  >;
  for (const memberValues of values.values())
    for (const name of missingFields(memberValues)) missing[name] += 1;
  return { members: values.size, missing };
}
