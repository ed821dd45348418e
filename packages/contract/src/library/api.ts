import { z } from 'zod';
import { inputBounds, uuid } from '../common.js';

/**
 * The content library (issue 4): brands, content items, tags, favourites and content feeds.
 *
 * API style (spec §7): an upsert is POST `path` when the body's id is empty or 0, else PUT
 * `path/{id}`; multi-delete is DELETE `path` with a body `{ ids }`; lists are paged with `page`,
 * `pagesize`, `sort` and `desc` and answer `{ items, total, page, pageSize }`. Members read; writes
 * (brands, content, tags, system feeds) are for admins (403 otherwise). Another portal's ids
 * answer 404. Its paths are `libraryApi` (api-paths.ts).
 */
export const libraryLimits = {
  titleMaxLength: 300,
  /** Same ceiling as a post's body: a caption is meant to become one. */
  bodyMaxLength: 63_206,
  brandNameMaxLength: 100,
  descriptionMaxLength: 2000,
  tagNameMaxLength: 50,
  tagsPerItem: 20,
  /** How many tags one search may filter by. */
  tagsPerSearch: 10,
  keywordMaxLength: 200,
  urlMaxLength: inputBounds.urlMaxLength,
  feedNameMaxLength: 200,
  /** Ids per multi-delete or bulk change. */
  idsPerRequest: 500,
} as const;

/** Multi-delete body of the library's resources (spec §7: a body with ids). */
export const libraryIdsBody = z.object({
  ids: z.array(uuid).min(1).max(libraryLimits.idsPerRequest),
});
export type LibraryIdsBody = z.infer<typeof libraryIdsBody>;

export const libraryIdParams = z.object({ id: uuid });
