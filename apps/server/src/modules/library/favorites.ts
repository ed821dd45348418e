import type { ContentPage, Favorite } from '@fitpost/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { contentItems, favorites } from '../../db/schema-library.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { clock, contentActiveAt, contentVisibleTo, type LibraryDeps } from './access.js';
import { searchContent, type ContentSearch } from './search.js';

/** The caller's favourites (My Favorites, Admin Favorites), with the library's filters. */
export function listFavorites(deps: LibraryDeps, actor: Actor, q: ContentSearch): Promise<ContentPage> {
  return searchContent(deps, actor, { ...q, favorites: true });
}

/**
 * Adds an item the caller can browse to their favourites; adding it again changes nothing.
 * `created` says whether it is new.
 */
export async function addFavorite(deps: LibraryDeps, actor: Actor, contentId: string) {
  const now = clock(deps);
  const browsable = [eq(contentItems.id, contentId), contentVisibleTo(actor)];
  if (!actor.isAdmin) browsable.push(contentActiveAt(now));
  const [item] = await deps.db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(...browsable));
  if (!item) throw notFound('Content');
  const [inserted] = await deps.db
    .insert(favorites)
    .values({ userId: actor.userId, contentId, createdAt: now })
    .onConflictDoNothing()
    .returning({ createdAt: favorites.createdAt });
  if (inserted) return { created: true, favorite: present(contentId, inserted.createdAt) };
  const [existing] = await deps.db
    .select({ createdAt: favorites.createdAt })
    .from(favorites)
    .where(and(eq(favorites.userId, actor.userId), eq(favorites.contentId, contentId)));
  if (!existing) throw notFound('Favorite');
  return { created: false, favorite: present(contentId, existing.createdAt) };
}

const present = (contentId: string, createdAt: Date): Favorite => ({
  contentId,
  createdAt: createdAt.toISOString(),
});

/** Removes items from the caller's favourites; ids that are not among them answer "not found". */
export async function removeFavorites(deps: LibraryDeps, actor: Actor, contentIds: string[]) {
  const unique = [...new Set(contentIds)];
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(favorites)
      .where(and(eq(favorites.userId, actor.userId), inArray(favorites.contentId, unique)))
      .returning({ id: favorites.contentId });
    if (removed.length !== unique.length) throw notFound('Favorite');
  });
}
