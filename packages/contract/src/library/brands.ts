import { z } from 'zod';
import { httpUrl, nameText, pageQuery, pagedOf, text, uuid } from '../common.js';
import { libraryLimits } from './api.js';
import { libraryMessages } from './messages.js';
import { sortDirection, upsertId } from './fields.js';

// Brands: GET/POST /api/brand, PUT and DELETE /api/brand/{id}.

export const brand = z
  .object({
    id: uuid,
    name: z.string(),
    description: z.string(),
    logoMediaId: uuid.nullable(),
    logoUrl: z.string().nullable(),
    /** The brand's colour, `#rrggbb`; null: none chosen. */
    colour: z.string().nullable(),
    website: z.string().nullable(),
    /** Every content item of the brand, whatever its dates (what a delete would leave without one). */
    itemCount: z.number().int(),
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

export const brandPage = pagedOf(brand);
export type BrandPage = z.infer<typeof brandPage>;

/** POST /api/brand or PUT /api/brand/{id} (admin). */
export const brandUpsert = z.object({
  id: upsertId,
  name: nameText.min(1, libraryMessages.brandNameRequired).max(libraryLimits.brandNameMaxLength),
  description: text.trim().max(libraryLimits.descriptionMaxLength).default(''),
  /** An image the admin uploaded with POST /api/media. */
  logoMediaId: uuid.nullable().default(null),
  colour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, libraryMessages.brandColour)
    .transform((c) => c.toLowerCase())
    .nullable()
    .default(null),
  website: httpUrl(libraryMessages.brandWebsite).nullable().default(null),
});
export type BrandUpsert = z.input<typeof brandUpsert>;

/**
 * DELETE /api/brand/{id}?moveTo=: a brand content uses is refused (409, naming how many items)
 * unless `moveTo` names another brand of the portal, which its items then carry.
 */
export const brandDeleteQuery = z.object({ moveTo: uuid.optional() });
