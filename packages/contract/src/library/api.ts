import { z } from 'zod';
import { inputBounds, uuid } from '../common.js';
import { formatCount, systemUserId } from '../constants.js';

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

/** Every text the library's screens and errors show, in one place. */
export const libraryMessages = {
  titleRequired: 'Please add a title',
  brandNameRequired: 'Please name the brand',
  tagNameRequired: 'Please name the tag',
  tagNameTaken: 'A tag with that name already exists',
  brandNameTaken: 'A brand with that name already exists',
  windowOrder: 'The active window must end after it starts',
  graphicNotYours: 'Choose an image you uploaded',
  unknownBrand: 'Choose a brand of this portal',
  brandColour: 'Choose a color written #rrggbb, such as #1d3b6f',
  brandWebsite: 'Enter the website as an http:// or https:// URL',
  brandMoveToItself: 'Choose another brand to move the content to',
  /** A brand that content still uses cannot be deleted without saying where its items go. */
  brandInUse: (name: string, items: number) =>
    `${name} is used by ${formatCount(items)} ${items === 1 ? 'content item' : 'content items'}. Move ${items === 1 ? 'it' : 'them'} to another brand to delete it.`,
  unknownTags: 'Choose tags of this portal',
  adminOnly: 'Only administrators can change the content library',
  allContentAdminOnly: 'Only administrators can list content outside its active window',
  feedNameRequired: 'Please name the feed',
  feedUrlInvalid: 'Enter the feed address as an http:// or https:// URL',
  linkInvalid: 'Enter the link as an http:// or https:// URL',
  systemFeedAdminOnly: 'Only administrators can add or change system feeds',
  systemFeedUser: `A system feed belongs to no member: its userId is ${systemUserId}`,
  feedOtherMember: 'You can only manage your own feeds',
  feedOtherPortal: 'You can only list feeds of your own portal',
  consumeOtherMember: 'You can only refresh your own feeds',
  idMismatch: 'The id in the body does not match the URL',
  idOnCreate: 'Leave id empty (or 0) to create; use PUT with the id to update',
  emptyResults: 'No content matches your search',
  emptyFavorites: 'You have no favorites yet',
} as const;

/** Multi-delete body of the library's resources (spec §7: a body with ids). */
export const libraryIdsBody = z.object({
  ids: z.array(uuid).min(1).max(libraryLimits.idsPerRequest),
});
export type LibraryIdsBody = z.infer<typeof libraryIdsBody>;

export const libraryIdParams = z.object({ id: uuid });
