import type { MediaRecord, StoredImageType } from '@fitpost/contract';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { media, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { PublishMedia } from '../../platforms/types.js';
import type { Actor } from '../auth/sessions.js';
import type { ImagePool } from './image.js';
import type { JpegVariants } from './jpeg-variants.js';

export interface MediaDeps {
  db: Db;
  /** FitPost's public origin: the networks fetch images from here. */
  publicUrl: string;
}

const extensions: Record<StoredImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** Every column but the bytes, which only the file route and the publisher read. */
const recordColumns = {
  id: media.id,
  userId: media.userId,
  mimeType: media.mimeType,
  width: media.width,
  height: media.height,
  bytes: media.bytes,
  altText: media.altText,
  createdAt: media.createdAt,
};
type MediaRow = Pick<typeof media.$inferSelect, keyof typeof recordColumns>;

const imageNotFound = () => notFound('Image');

/** The public address of a stored image: `${publicUrl}/media/<id>.<ext>`. */
export function mediaUrl(publicUrl: string, row: Pick<MediaRow, 'id' | 'mimeType'>) {
  return `${publicUrl.replace(/\/+$/, '')}/media/${row.id}.${extensions[row.mimeType]}`;
}

/** The public address of a stored image as a JPEG: the image itself, or for a PNG its flattened rendition. */
export function jpegUrl(publicUrl: string, row: Pick<MediaRow, 'id'>) {
  return `${publicUrl.replace(/\/+$/, '')}/media/${row.id}.jpg`;
}

/**
 * An image as the caller sees it (theirs, or their portal's shared one): an allowlist of fields,
 * never the bytes.
 */
function presentMedia(publicUrl: string, row: MediaRow, actor: Pick<Actor, 'userId'>): MediaRecord {
  return {
    id: row.id,
    url: mediaUrl(publicUrl, row),
    mimeType: row.mimeType,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    altText: row.altText,
    createdAt: row.createdAt.toISOString(),
    owned: row.userId === actor.userId,
  };
}

/** Only the owner's own images, in the owner's portal; anyone else's id is "not found". */
const ownedBy = (actor: Actor, id: string) =>
  and(eq(media.id, id), eq(media.userId, actor.userId), eq(media.portalId, actor.portalId));

/**
 * Validates and re-encodes an upload (in the image pool: a bounded number at once), then stores it
 * for the caller; nothing is stored if it fails.
 */
export async function uploadMedia(
  deps: MediaDeps & { images: ImagePool },
  actor: Actor,
  upload: { bytes: Buffer; altText: string | null },
): Promise<MediaRecord> {
  const image = await deps.images.process(upload.bytes);
  const [row] = await deps.db
    .insert(media)
    .values({
      portalId: actor.portalId,
      userId: actor.userId,
      kind: 'image',
      mimeType: image.mimeType,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
      sha256: image.sha256,
      altText: upload.altText,
      data: image.data,
    })
    .returning(recordColumns);
  if (!row) throw new Error('media insert returned no row');
  return presentMedia(deps.publicUrl, row, actor);
}

/**
 * An image the caller may post: their own, or one their portal shares (`owned: false`, read-only),
 * so a post made from the library or an Auto-Post reads its graphic back like any other.
 */
export async function getMedia(deps: MediaDeps, actor: Actor, id: string): Promise<MediaRecord> {
  const [row] = await deps.db
    .select(recordColumns)
    .from(media)
    .where(and(eq(media.id, id), mediaUsableBy(actor)));
  if (!row) throw imageNotFound();
  return presentMedia(deps.publicUrl, row, actor);
}

/** Replaces the alt text of one of the caller's images (null clears it). */
export async function updateMediaAltText(
  deps: MediaDeps,
  actor: Actor,
  id: string,
  altText: string | null,
): Promise<MediaRecord> {
  const [row] = await deps.db
    .update(media)
    .set({ altText })
    .where(ownedBy(actor, id))
    .returning(recordColumns);
  if (!row) throw imageNotFound();
  return presentMedia(deps.publicUrl, row, actor);
}

/** Deletes one of the caller's images; its public URL stops working at once. */
export async function deleteMedia(deps: MediaDeps, actor: Actor, id: string): Promise<void> {
  const deleted = await deps.db.delete(media).where(ownedBy(actor, id)).returning({ id: media.id });
  if (deleted.length === 0) throw imageNotFound();
}

const publicFileName = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z]+)$/;

/** A public image file: its type, its ETag, and its bytes (converted only when asked for). */
interface PublicMediaFile {
  mimeType: StoredImageType;
  etag: string;
  data: () => Promise<Buffer>;
}

/**
 * The stored image behind a public file name `<id>.<ext>`, or null when there is none or the
 * extension is neither the image's own nor `.jpg` for a PNG. A PNG asked for as `.jpg` is served
 * flattened to JPEG (from `variants`), for networks that take only JPEG (Instagram). No owner
 * check: see routes.ts on why these URLs are public.
 */
export async function loadPublicMediaFile(
  db: Db,
  variants: JpegVariants,
  fileName: string,
): Promise<PublicMediaFile | null> {
  const [, id, extension] = publicFileName.exec(fileName) ?? [];
  if (!id || !extension) return null;
  const [row] = await db
    .select({ data: media.data, mimeType: media.mimeType, sha256: media.sha256 })
    .from(media)
    .where(eq(media.id, id));
  if (!row) return null;
  if (extensions[row.mimeType] === extension) {
    return { mimeType: row.mimeType, etag: `"${row.sha256}"`, data: () => Promise.resolve(row.data) };
  }
  if (row.mimeType === 'image/png' && extension === extensions['image/jpeg']) {
    return {
      mimeType: 'image/jpeg',
      etag: `"${row.sha256}.jpg"`,
      data: () => variants.get(`${id}:${row.sha256}`, () => Promise.resolve(row.data)),
    };
  }
  return null;
}

/**
 * What the publishing engine needs to send an image to a network; it is the adapters' own
 * `PublishMedia`, so it can be handed to them as it is.
 */
interface PublishableMedia extends PublishMedia {
  id: string;
  mimeType: StoredImageType;
  width: number;
  height: number;
  /** The stored bytes, read only when called (X and LinkedIn take an upload; Instagram fetches `url`). */
  bytes: () => Promise<Buffer>;
}

/**
 * SQL condition: the image may go into a post of this member — their own, or one their portal's
 * library shares (a content item's graphic or a brand's logo). Anyone else's stays out of reach.
 */
export function mediaUsableBy(member: { userId: string; portalId: number | SQL }) {
  return or(
    eq(media.userId, member.userId),
    and(eq(media.library, true), eq(media.portalId, member.portalId)),
  );
}

/**
 * One of `userId`'s images for publishing — their own or their portal's library image — or null
 * when it is gone or belongs to someone else (a post must never carry another member's image).
 */
export async function loadMediaForPublishing(
  deps: MediaDeps,
  id: string,
  userId: string,
): Promise<PublishableMedia | null> {
  const portalOfUser = sql`(select ${users.portalId} from ${users} where ${users.id} = ${userId})`;
  const owned = and(eq(media.id, id), mediaUsableBy({ userId, portalId: portalOfUser }));
  const [row] = await deps.db.select(recordColumns).from(media).where(owned);
  if (!row) return null;
  return {
    id: row.id,
    url: mediaUrl(deps.publicUrl, row),
    mimeType: row.mimeType,
    ...(row.mimeType === 'image/jpeg' ? {} : { jpegUrl: jpegUrl(deps.publicUrl, row) }),
    width: row.width,
    height: row.height,
    ...(row.altText ? { altText: row.altText } : {}),
    async bytes() {
      const [stored] = await deps.db.select({ data: media.data }).from(media).where(owned);
      if (!stored) throw imageNotFound();
      return stored.data;
    },
  };
}
