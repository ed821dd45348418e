import { textProblem } from '@fitpost/contract/platform-rules';
import {
  autoPostMessages,
  longestMergeText,
  longestUtmLink,
  organisationMessages,
  type autoPostUpsert,
  type OrganisationSettingsBody,
} from '@fitpost/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { media, socialConnections } from '../../db/schema.js';
import { contentItems } from '../../db/schema-library.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { mediaUsableBy } from '../media/service.js';
import { clock, type AutoPostDeps } from './access.js';

// The rules of one Auto-Post beyond its schema (issue 29 shares them): Schedule Auto-Post refuses
// with them, and the import applies them to every row, so both say the same thing the same way.

export type Upsert = z.output<typeof autoPostUpsert>;

/** One thing wrong with an Auto-Post: the field it is about and the message. */
export interface AutoPostProblem {
  field: 'scheduledAt' | 'mediaId' | 'contentId' | 'body' | 'xVariants';
  message: string;
}

/**
 * What the rules look up, asked once per request however many Auto-Posts are checked (an import
 * checks up to 1,000 against the same portal).
 */
export interface AutoPostChecks {
  now: Date;
  settings: OrganisationSettingsBody;
  mediaUsable: (mediaId: string) => Promise<boolean>;
  portalContent: (contentId: string) => Promise<boolean>;
  membersOnX: () => Promise<number>;
}

/** Members of the portal with Auto-Post on for an X account. */
async function countMembersOnX(db: Db, portalId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${socialConnections.userId})::int` })
    .from(socialConnections)
    .where(
      and(
        eq(socialConnections.portalId, portalId),
        eq(socialConnections.network, 'x'),
        eq(socialConnections.autoPost, true),
      ),
    );
  return row?.n ?? 0;
}

function memo<K, V>(load: (key: K) => Promise<V>) {
  const seen = new Map<K, Promise<V>>();
  return (key: K) => {
    let value = seen.get(key);
    if (!value) {
      value = load(key);
      seen.set(key, value);
    }
    return value;
  };
}

/** The look-ups for `actor`'s portal, each answer kept for the request. */
export function autoPostChecks(
  deps: AutoPostDeps,
  actor: Actor,
  settings: OrganisationSettingsBody,
): AutoPostChecks {
  let onX: Promise<number> | undefined;
  return {
    now: clock(deps),
    settings,
    mediaUsable: memo(async (mediaId: string) => {
      const [usable] = await deps.db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.id, mediaId), mediaUsableBy(actor)));
      return Boolean(usable);
    }),
    portalContent: memo(async (contentId: string) => {
      const [content] = await deps.db
        .select({ id: contentItems.id })
        .from(contentItems)
        .where(
          and(
            eq(contentItems.id, contentId),
            eq(contentItems.portalId, actor.portalId),
            isNull(contentItems.ownerId),
          ),
        );
      return Boolean(content);
    }),
    membersOnX: () => (onX ??= countMembersOnX(deps.db, actor.portalId)),
  };
}

/** The text a network counts: the longest the merge fields can make it, then the link. */
const withLink = (text: string, link: string | null | undefined) =>
  [longestMergeText(text), link].filter(Boolean).join(' ');

/**
 * Everything wrong with an Auto-Post its schema accepted: its time must be ahead, its graphic and
 * content the portal's, the longest text any member could get must fit every network, and the
 * organisation's X rule must hold. Empty when it may be scheduled.
 */
export async function autoPostProblems(checks: AutoPostChecks, input: Upsert): Promise<AutoPostProblem[]> {
  const problems: AutoPostProblem[] = [];
  if (new Date(input.scheduledAt).getTime() < checks.now.getTime() - 60_000)
    problems.push({ field: 'scheduledAt', message: autoPostMessages.past });
  if (input.mediaId && !(await checks.mediaUsable(input.mediaId)))
    problems.push({ field: 'mediaId', message: 'Choose an image you uploaded or one from the library.' });
  if (input.contentId && !(await checks.portalContent(input.contentId)))
    problems.push({ field: 'contentId', message: 'Choose content from the portal’s library.' });
  // Each member's post must fit every network it goes to, counted as the network counts, with the
  // longest details any member could have and the link as tagged.
  const utm = input.utm ?? checks.settings.utmEnabled;
  const link = input.link && utm ? longestUtmLink(input.link) : input.link;
  const textProblems = input.networks.flatMap((network) => {
    const onVariants = network === 'x' && input.xVariants.length > 0;
    const texts = onVariants ? input.xVariants : [input.body];
    return texts.flatMap((text) => {
      const problem = textProblem(network, withLink(text, link), Boolean(input.mediaId));
      if (!problem) return [];
      const message = texts.length > 1 ? `“${text.slice(0, 40)}”: ${problem}` : problem;
      return [{ field: onVariants ? ('xVariants' as const) : ('body' as const), message }];
    });
  });
  const messages = new Set<string>();
  for (const p of textProblems) if (!messages.has(p.message) && messages.add(p.message)) problems.push(p);
  const { xVariantsRequired: required, xVariantsAboveMembers: above } = checks.settings;
  if (input.networks.includes('x') && required > 0 && input.xVariants.length < required) {
    if ((await checks.membersOnX()) > above)
      problems.push({ field: 'xVariants', message: organisationMessages.xVariantsNeeded(required, above) });
  }
  return problems;
}

/** Refuses an Auto-Post with everything wrong with it (Schedule Auto-Post); answers its time. */
export async function validateAutoPost(checks: AutoPostChecks, input: Upsert): Promise<Date> {
  const problems = await autoPostProblems(checks, input);
  if (problems.length > 0) throw new AppError('validation', problems.map((p) => p.message).join('\n'));
  return new Date(input.scheduledAt);
}
