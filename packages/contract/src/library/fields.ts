import { z } from 'zod';
import { queryBoolean, uuid } from '../common.js';

// Field shapes the library's resources share; internal to the contract (not re-exported).

/** Upsert bodies: empty, 0 or absent means "create". */
export const upsertId = z.union([uuid, z.literal(''), z.literal(0)]).optional();

/** A query-string list: `a,b,c` (also accepted repeated: `?x=a&x=b`). */
export const uuidList = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(uuid).max(max));

export const sortDirection = {
  /** Absent: each sort's natural direction (dates newest first, names A→Z, recommended first). */
  desc: queryBoolean.optional(),
};
