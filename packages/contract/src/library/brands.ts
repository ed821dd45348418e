import { z } from 'zod';
import { nameText, pageQuery, pagedOf, text, uuid } from '../common.js';
import { libraryLimits, libraryMessages } from './api.js';
import { sortDirection, upsertId } from './fields.js';

// Brands: GET/POST /api/brand, PUT /api/brand/{id}.

export const brand = z
  .object({
    id: uuid,
    name: z.string(),
    description: z.string(),
    logoMediaId: uuid.nullable(),
    logoUrl: z.string().nullable(),
    /** Content items of this brand the caller can browse now (active window, visible to them). */
    contentCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Brand' });
export type Brand = z.infer<typeof brand>;

export const brandSortFields = ['name', 'createdAt', 'contentCount'] as const;

export const brandSearchQuery = pageQuery.extend({
  q: text.trim().max(libraryLimits.keywordMaxLength).optional(),
  sort: z.enum(brandSortFields).default('name'),
  ...sortDirection,
});
export type BrandSearchQuery = z.input<typeof brandSearchQuery>;

export const brandPage = pagedOf(brand);
export type BrandPage = z.infer<typeof brandPage>;

/** POST /api/brand or PUT /api/brand/{id} (admin). */
export const brandUpsert = z.object({
  id: upsertId,
  name: nameText.min(1, libraryMessages.brandNameRequired).max(libraryLimits.brandNameMaxLength),
  description: text.trim().max(libraryLimits.descriptionMaxLength).default(''),
  /** An image the admin uploaded with POST /api/media. */
  logoMediaId: uuid.nullable().default(null),
});
export type BrandUpsert = z.input<typeof brandUpsert>;
