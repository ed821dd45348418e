import { libraryMessages, type ContentItem, type contentUpsert } from '@fitpost/contract';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { media } from '../../db/schema.js';
import { brands, contentItems, contentTags, tags } from '../../db/schema-library.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { requireAdmin } from '../auth/policy.js';
import { claimWarningsOf } from '../organisation/health-claims.js';
import { clock, type LibraryDeps } from './access.js';
import { getContent } from './search.js';
import { oneItem, refreshTagNames } from './tag-names.js';

type Upsert = z.output<typeof contentUpsert>;

const invalid = (message: string) => new AppError('validation', message);

/**
 * Shares an image with the portal's library so every member can show and post it. The admin may
 * use an image they uploaded, or one the library already shares.
 */
export async function shareWithLibrary(db: Db, actor: Actor, mediaId: string) {
  const shared = await db
    .update(media)
    .set({ library: true })
    .where(
      and(
        eq(media.id, mediaId),
        eq(media.portalId, actor.portalId),
        or(eq(media.userId, actor.userId), eq(media.library, true)),
      ),
    )
    .returning({ id: media.id });
  if (shared.length === 0) throw invalid(libraryMessages.graphicNotYours);
}

/** Checks that the brand and tags named are the portal's own. */
async function checkReferences(db: Db, actor: Actor, input: Upsert) {
  if (input.brandId) {
    const [found] = await db
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.id, input.brandId), eq(brands.portalId, actor.portalId)));
    if (!found) throw invalid(libraryMessages.unknownBrand);
  }
  const tagIds = [...new Set(input.tagIds)];
  if (tagIds.length > 0) {
    const found = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(inArray(tags.id, tagIds), eq(tags.portalId, actor.portalId)));
    if (found.length !== tagIds.length) throw invalid(libraryMessages.unknownTags);
  }
  return tagIds;
}

async function setTags(db: Db, contentId: string, tagIds: string[]) {
  await db.delete(contentTags).where(eq(contentTags.contentId, contentId));
  if (tagIds.length > 0) await db.insert(contentTags).values(tagIds.map((tagId) => ({ contentId, tagId })));
  await refreshTagNames(db, oneItem(contentId));
}

const fields = (input: Upsert) => ({
  title: input.title,
  body: input.body,
  mediaId: input.mediaId,
  link: input.link,
  brandId: input.brandId,
  activeFrom: input.activeFrom ? new Date(input.activeFrom) : null,
  activeUntil: input.activeUntil ? new Date(input.activeUntil) : null,
  recommended: input.recommended,
});

/** Adds a library item (admin): graphic, brand, tags, active window, recommended flag. */
export async function createContent(deps: LibraryDeps, actor: Actor, input: Upsert): Promise<ContentItem> {
  requireAdmin(actor, libraryMessages.adminOnly);
  if (input.id) throw invalid(libraryMessages.idOnCreate);
  const now = clock(deps);
  const id = await deps.db.transaction(async (tx) => {
    // Read with the portal's rules held until the item is stored (a change of rules rechecks it).
    const claimWarnings = await claimWarningsOf(tx, actor.portalId, [input.body], { lock: true });
    const tagIds = await checkReferences(tx, actor, input);
    if (input.mediaId) await shareWithLibrary(tx, actor, input.mediaId);
    const [row] = await tx
      .insert(contentItems)
      .values({
        ...fields(input),
        claimWarnings,
        portalId: actor.portalId,
        type: 'library',
        createdBy: actor.userId,
        // A scheduled item counts as new when its window opens.
        publishedAt: input.activeFrom ? new Date(input.activeFrom) : now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: contentItems.id });
    if (!row) throw new Error('content insert returned no row');
    await setTags(tx, row.id, tagIds);
    return row.id;
  });
  return getContent(deps, actor, id);
}

/** The portal's items an admin may change: everything but members' private feed items. */
const editable = (actor: Actor) =>
  and(eq(contentItems.portalId, actor.portalId), isNull(contentItems.ownerId));

/** Replaces a library (or system-feed) item's fields and tags (admin). */
export async function updateContent(
  deps: LibraryDeps,
  actor: Actor,
  id: string,
  input: Upsert,
): Promise<ContentItem> {
  requireAdmin(actor, libraryMessages.adminOnly);
  if (input.id && input.id !== id) throw invalid(libraryMessages.idMismatch);
  await deps.db.transaction(async (tx) => {
    const claimWarnings = await claimWarningsOf(tx, actor.portalId, [input.body], { lock: true });
    const [existing] = await tx
      .select({
        id: contentItems.id,
        type: contentItems.type,
        mediaId: contentItems.mediaId,
        publishedAt: contentItems.publishedAt,
        createdAt: contentItems.createdAt,
      })
      .from(contentItems)
      .where(and(eq(contentItems.id, id), editable(actor)));
    if (!existing) throw notFound('Content');
    const tagIds = await checkReferences(tx, actor, input);
    if (input.mediaId && input.mediaId !== existing.mediaId) await shareWithLibrary(tx, actor, input.mediaId);
    await tx
      .update(contentItems)
      .set({
        ...fields(input),
        claimWarnings,
        // Library items count as new from their window's start; feed items keep the feed's date.
        publishedAt: input.activeFrom
          ? new Date(input.activeFrom)
          : existing.type === 'feed'
            ? existing.publishedAt
            : existing.createdAt,
        updatedAt: clock(deps),
      })
      .where(eq(contentItems.id, id));
    await setTags(tx, id, tagIds);
  });
  return getContent(deps, actor, id);
}

/** Deletes items (admin, multi-delete): all of them or, if any is not the portal's, none. */
export async function deleteContent(deps: LibraryDeps, actor: Actor, ids: string[]) {
  requireAdmin(actor, libraryMessages.adminOnly);
  const unique = [...new Set(ids)];
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(contentItems)
      .where(and(inArray(contentItems.id, unique), editable(actor)))
      .returning({ id: contentItems.id });
    // Throwing rolls the transaction back: an id of another portal deletes nothing at all.
    if (deleted.length !== unique.length) throw notFound('Content');
  });
}
