import { shortLinkPrefix } from '@fitpost/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shortLinks } from '../../db/schema-links.js';
import { settingsOf } from '../organisation/service.js';
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
export const shortLinkUrl = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/+$/, '')}${shortLinkPrefix}${code}`;

/**
 * The link a target sends: its short link when the organisation tracks links (the default), else the
 * destination itself. One code per target, written as the target is sent: a retry after a failed
 * send keeps the code and takes the post's link as it is now (nothing went out with the old one), so
 * what the network shows and what FitPost redirects to agree. The destination is fixed from here on:
 * editing the content item or deleting the post later changes nothing.
 */
export async function linkToSend(db: Db, publicUrl: string, target: LinkedTarget): Promise<string> {
  const settings = await settingsOf(db, target.portalId);
  if (!settings.trackLinks) return target.destination;
  const [row] = await db
    .insert(shortLinks)
    .values({ code: newLinkCode(), ...target, text: target.text.slice(0, 280) })
    .onConflictDoUpdate({
      target: shortLinks.targetId,
      set: { destination: sql`excluded.destination`, text: sql`excluded.text` },
    })
    .returning({ code: shortLinks.code });
  if (!row) throw new Error(`No short link was written for target ${target.targetId}`);
  return shortLinkUrl(publicUrl, row.code);
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
