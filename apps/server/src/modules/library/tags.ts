import {
  libraryMessages,
  type Tag,
  type TagPage,
  type tagSearchQuery,
  type TagSearchableBody,
  type tagUpsert,
} from '@fitpost/contract';
import { and, asc, count, desc, eq, ilike, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { contentItems, contentTags, tags } from '../../db/schema-library.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { requireAdmin } from '../auth/policy.js';
import { clock, contentActiveAt, contentVisibleTo, type LibraryDeps } from './access.js';
import { col, isUniqueViolation, likePattern } from '../../db/sql-helpers.js';
import { itemsTagged, refreshTagNames } from './tag-names.js';

type Upsert = z.output<typeof tagUpsert>;

/** Items carrying the tag that the caller can browse (admins: outside the active window too). */
function contentCount(actor: Actor, now: Date) {
  const window = actor.isAdmin ? sql`` : sql` and ${contentActiveAt(now)}`;
  return sql<number>`(select count(*)::int from ${contentTags} join ${contentItems} on ${col(contentItems.id)} = ${col(contentTags.contentId)} where ${col(contentTags.tagId)} = ${col(tags.id)} and ${contentVisibleTo(actor)}${window})`;
}

function tagColumns(actor: Actor, now: Date) {
  return {
    id: tags.id,
    name: tags.name,
    searchable: tags.searchable,
    contentCount: contentCount(actor, now),
    createdAt: tags.createdAt,
  };
}

type TagRow = { id: string; name: string; searchable: boolean; contentCount: number; createdAt: Date };

const presentTag = (row: TagRow): Tag => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Where the caller may see tags: their portal, and for members only searchable ones. */
function visibleTags(actor: Actor): SQL[] {
  const where: SQL[] = [eq(tags.portalId, actor.portalId)];
  if (!actor.isAdmin) where.push(eq(tags.searchable, true));
  return where;
}

/** The portal's tags (members: searchable ones), with a keyword over names, paged and sorted. */
export async function listTags(
  deps: LibraryDeps,
  actor: Actor,
  q: z.output<typeof tagSearchQuery>,
): Promise<TagPage> {
  const now = clock(deps);
  const where = visibleTags(actor);
  if (q.q) where.push(ilike(tags.name, likePattern(q.q)));
  if (q.searchable !== undefined && actor.isAdmin) where.push(eq(tags.searchable, q.searchable));
  const down = q.desc ?? q.sort !== 'name';
  const key =
    q.sort === 'name'
      ? sql`lower(${tags.name})`
      : q.sort === 'createdAt'
        ? tags.createdAt
        : contentCount(actor, now);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(tagColumns(actor, now))
      .from(tags)
      .where(and(...where))
      .orderBy(down ? desc(key) : asc(key), asc(tags.id))
      .limit(q.pagesize)
      .offset((q.page - 1) * q.pagesize),
    deps.db
      .select({ n: count() })
      .from(tags)
      .where(and(...where)),
  ]);
  return { items: rows.map(presentTag), total: total?.n ?? 0, page: q.page, pageSize: q.pagesize };
}

async function loadTags(deps: LibraryDeps, actor: Actor, ids: string[]) {
  return deps.db
    .select(tagColumns(actor, clock(deps)))
    .from(tags)
    .where(and(inArray(tags.id, ids), ...visibleTags(actor)))
    .orderBy(sql`lower(${tags.name})`);
}

/** One tag the caller may see. */
export async function getTag(deps: LibraryDeps, actor: Actor, id: string): Promise<Tag> {
  const [row] = await loadTags(deps, actor, [id]);
  if (!row) throw notFound('Tag');
  return presentTag(row);
}

const nameTaken = () => new AppError('conflict', libraryMessages.tagNameTaken);
const orNameTaken = (err: unknown) => {
  throw isUniqueViolation(err) ? nameTaken() : err;
};

/** 'Add a Tag' (admin). Names are unique in the portal, ignoring case. */
export async function createTag(deps: LibraryDeps, actor: Actor, input: Upsert): Promise<Tag> {
  requireAdmin(actor, libraryMessages.adminOnly);
  if (input.id) throw new AppError('validation', libraryMessages.idOnCreate);
  const [row] = await deps.db
    .insert(tags)
    .values({
      portalId: actor.portalId,
      name: input.name,
      searchable: input.searchable,
      createdAt: clock(deps),
    })
    .returning({ id: tags.id })
    .catch(orNameTaken);
  if (!row) throw new Error('tag insert returned no row');
  return getTag(deps, actor, row.id);
}

/** Renames a tag or sets its searchable flag (admin); the search text of its items follows. */
export async function updateTag(deps: LibraryDeps, actor: Actor, id: string, input: Upsert): Promise<Tag> {
  requireAdmin(actor, libraryMessages.adminOnly);
  if (input.id && input.id !== id) throw new AppError('validation', libraryMessages.idMismatch);
  await deps.db
    .transaction(async (tx) => {
      const changed = await tx
        .update(tags)
        .set({ name: input.name, searchable: input.searchable })
        .where(and(eq(tags.id, id), eq(tags.portalId, actor.portalId)))
        .returning({ id: tags.id });
      if (changed.length === 0) throw notFound('Tag');
      await refreshTagNames(tx, itemsTagged([id]));
    })
    .catch(orNameTaken);
  return getTag(deps, actor, id);
}

/**
 * 'Toggle Searchable' (admin): sets the flag on every tag named, or flips each one when no value
 * is given. All of them or, if any is not the portal's, none.
 */
export async function setTagsSearchable(
  deps: LibraryDeps,
  actor: Actor,
  body: TagSearchableBody,
): Promise<Tag[]> {
  requireAdmin(actor, libraryMessages.adminOnly);
  const ids = [...new Set(body.ids)];
  await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(tags)
      .set({ searchable: body.searchable ?? not(tags.searchable) })
      .where(and(inArray(tags.id, ids), eq(tags.portalId, actor.portalId)))
      .returning({ id: tags.id });
    if (changed.length !== ids.length) throw notFound('Tag');
    await refreshTagNames(tx, itemsTagged(ids));
  });
  return (await loadTags(deps, actor, ids)).map(presentTag);
}

/** Deletes tags (admin, multi-delete): they come off every item. All of them or none. */
export async function deleteTags(deps: LibraryDeps, actor: Actor, ids: string[]) {
  requireAdmin(actor, libraryMessages.adminOnly);
  const unique = [...new Set(ids)];
  await deps.db.transaction(async (tx) => {
    const portalTags = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(inArray(tags.id, unique), eq(tags.portalId, actor.portalId)));
    if (portalTags.length !== unique.length) throw notFound('Tag');
    // The items' search text first, while the links still say which items they are.
    await refreshTagNames(tx, itemsTagged(unique), unique);
    await tx.delete(tags).where(inArray(tags.id, unique));
  });
}
