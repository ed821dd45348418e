import { z } from 'zod';
import { nameText, pageQuery, pagedOf, queryBoolean, text, uuid } from '../common.js';
import { libraryIdsBody, libraryLimits } from './api.js';
import { libraryMessages } from './messages.js';
import { sortDirection, upsertId } from './fields.js';

// Tags: GET/POST /api/tag, PUT /api/tag/{id}, POST /api/tag/searchable.

export const tag = z
  .object({
    id: uuid,
    name: z.string(),
    /** Members see, and filter by, searchable tags only. */
    searchable: z.boolean(),
    /** Content items carrying the tag (all of them, for admins; those the caller can browse, for members). */
    contentCount: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof tag>;

export const tagSortFields = ['name', 'createdAt', 'contentCount'] as const;

export const tagSearchQuery = pageQuery.extend({
  q: text.trim().max(libraryLimits.keywordMaxLength).optional(),
  /** Admins only; members always get searchable tags. */
  searchable: queryBoolean.optional(),
  sort: z.enum(tagSortFields).default('name'),
  ...sortDirection,
});

export const tagPage = pagedOf(tag);
export type TagPage = z.infer<typeof tagPage>;

/** POST /api/tag ('Add a Tag') or PUT /api/tag/{id} (admin). Names are unique per portal, ignoring case. */
export const tagUpsert = z.object({
  id: upsertId,
  name: nameText.min(1, libraryMessages.tagNameRequired).max(libraryLimits.tagNameMaxLength),
  searchable: z.boolean().default(true),
});
export type TagUpsert = z.input<typeof tagUpsert>;

/**
 * POST /api/tag/searchable ('Toggle Searchable', admin): sets `searchable` on every tag named, or,
 * without it, flips each one. Answers the changed tags.
 */
export const tagSearchableBody = libraryIdsBody.extend({ searchable: z.boolean().optional() });
export type TagSearchableBody = z.infer<typeof tagSearchableBody>;
export const tagList = z.array(tag);
