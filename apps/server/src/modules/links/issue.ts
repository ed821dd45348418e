import { shortLinkPrefix } from '@fitpost/contract';
import { eq } from 'drizzle-orm';
import { insertRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { shortLinks } from '../../db/schema-links.js';
import { settingsOfMany } from '../organisation/service.js';
import { newLinkCode } from './codes.js';

/** What the post target going out says and where its link leads. */
interface LinkedTarget {
  targetId: string;
  postId: string;
  contentId: string | null;
  portalId: number;
  userId: string;
  network: (typeof shortLinks.$inferInsert)['network'];
  accountName: string;
  text: string;
  /** The post's link as it would go out without tracking (with its UTM tags, if any). */
  destination: string;
}

/** `<FITPOST_PUBLIC_URL>/l/<code>`. */
const shortLinkUrl = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/+$/, '')}${shortLinkPrefix}${code}`;

/** The portals among `portalIds` whose organisation tracks links (Track links, on by default), in one statement. */
export async function trackingPortals(db: Db, portalIds: readonly number[]): Promise<ReadonlySet<number>> {
  const settings = await settingsOfMany(db, [...new Set(portalIds)]);
  return new Set([...settings].filter(([, s]) => s.trackLinks).map(([id]) => id));
}

/**
 * The links a batch of targets sends, by target id: each one's short link where its organisation
 * tracks links (`tracking`, from trackingPortals), else the destination itself. One code per
 * target, written as its batch is sent: a retry after a failed send keeps the code and takes the
 * post's link as it is now (nothing went out with the old one), so what the network shows and what
 * FitPost redirects to agree. The destination is fixed from here on: editing the content item or
 * deleting the post later changes nothing. One statement whatever the batch's size (the publishing
 * engine's hot path: a settings read and a write per target left the worker waiting on the
 * database, docs/benchmarks.md).
 */
export async function linksToSend(
  db: Db,
  publicUrl: string,
  targets: readonly LinkedTarget[],
  tracking: ReadonlySet<number>,
): Promise<Map<string, string>> {
  const links = new Map(targets.map((t) => [t.targetId, t.destination]));
  const tracked = targets.filter((t) => tracking.has(t.portalId));
  const written = await insertRows(
    db,
    shortLinks,
    [
      'code',
      'portalId',
      'userId',
      'postId',
      'targetId',
      'contentId',
      'network',
      'accountName',
      'text',
      'destination',
    ],
    tracked.map((t) => ({ code: newLinkCode(), ...t, text: t.text.slice(0, 280) })),
    {
      onConflictUpdate: { target: 'targetId', set: ['destination', 'text'] },
      returning: ['targetId', 'code'],
    },
  );
  for (const row of written) links.set(row.targetId, shortLinkUrl(publicUrl, row.code));
  if (written.length !== tracked.length)
    throw new Error(`${tracked.length - written.length} short links were not written`);
  return links;
}

/**
 * The link an ambiguous send went out with, to look for it on the network: the target's short link
 * if it has one, else the destination.
 */
export async function linkSent(db: Db, publicUrl: string, targetId: string, destination: string) {
  const [row] = await db
    .select({ code: shortLinks.code })
    .from(shortLinks)
    .where(eq(shortLinks.targetId, targetId));
  return row ? shortLinkUrl(publicUrl, row.code) : destination;
}
