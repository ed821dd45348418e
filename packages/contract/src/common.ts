import { z } from 'zod';
import { paging } from './constants.js';

export const uuid = z.uuid();

/** Query-string booleans arrive as text. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pagesize: z.coerce.number().int().min(1).max(paging.maxPageSize).default(paging.defaultPageSize),
});

export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
