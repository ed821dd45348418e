import { createHash } from 'node:crypto';
import {
  fillMergeFields,
  memberDetailProperties,
  memberMergeValues,
  mergeFieldNames,
  utmContentLength,
  withUtm,
  type MergeFieldName,
  type Network,
} from '@fitpost/contract';
import { fitMergeValuesForX } from '@fitpost/contract/platform-rules';
import { and, inArray } from 'drizzle-orm';
import { anyOf } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { userProperties, users } from '../../db/schema.js';
import type { autoPosts } from '../../db/schema-autopost.js';

// One member's own version of an Auto-Post (issue 15): the caption's merge fields filled from
// their details, and the link tagged for the network it goes to. The fan-out and the preview both
// build texts here, so the preview shows exactly what is sent.

type AutoPostRow = typeof autoPosts.$inferSelect;
export type MemberValues = Record<MergeFieldName, string>;

const detailNames = Object.values(memberDetailProperties);

/** The merge values of `userIds`, from their details and sign-in names (one query for all). */
export async function mergeValuesOf(db: Db, userIds: readonly string[]): Promise<Map<string, MemberValues>> {
  if (userIds.length === 0) return new Map();
  const [names, details] = await Promise.all([
    db.select({ id: users.id, fullName: users.fullName }).from(users).where(anyOf(users.id, userIds)),
    db
      .select({ userId: userProperties.userId, name: userProperties.name, value: userProperties.value })
      .from(userProperties)
      .where(and(anyOf(userProperties.userId, userIds), inArray(userProperties.name, detailNames))),
  ]);
  const byUser = new Map<string, { name: string; value: string }[]>();
  for (const d of details) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d]);
  return new Map(
    names.map((u) => [u.id, fitMergeValuesForX(memberMergeValues(byUser.get(u.id) ?? [], u.fullName))]),
  );
}

/** The values of a member the database no longer has: every field empty. */
export const memberMergeFallback: MemberValues = fitMergeValuesForX(memberMergeValues([], ''));

/** One member's merge values. */
export async function memberValuesOf(db: Db, userId: string): Promise<MemberValues> {
  return (await mergeValuesOf(db, [userId])).get(userId) ?? memberMergeFallback;
}

/** The fields a member has no value for. */
export const missingFields = (values: MemberValues) => mergeFieldNames.filter((name) => values[name] === '');

/** `utm_content`: the member's id, hashed, so the organisation's analytics never see who it is. */
function memberUtmContent(userId: string) {
  return createHash('sha256').update(`fitpost-utm:${userId}`).digest('hex').slice(0, utmContentLength);
}

/** The member's caption for every network but X, filled. */
export const memberBody = (ap: Pick<AutoPostRow, 'body'>, values: MemberValues) =>
  fillMergeFields(ap.body, values);

/** The member's text on X when it differs from their body (an X variant), filled. */
export function memberXText(xVariant: string | null, values: MemberValues) {
  return xVariant === null ? null : fillMergeFields(xVariant, values);
}

/** The link as it goes to `network` for this member: tagged when the Auto-Post asks for UTM. */
export function memberLink(ap: Pick<AutoPostRow, 'id' | 'link' | 'utm'>, network: Network, userId: string) {
  if (!ap.link || !ap.utm) return ap.link;
  return withUtm(ap.link, { network, campaign: ap.id, content: memberUtmContent(userId) });
}
