import { z } from 'zod';
import { paging } from './constants.js';
import { isTimeZoneName } from './zoned-time.js';

// ---------------------------------------------------------------------------------------------
// Input rules (docs/architecture.md §2). Every request schema builds its strings, addresses,
// dates, time zones and numbers from these, so every route refuses the same things the same way,
// before anything reaches the database.

export const inputBounds = {
  /** Dates run from the start of 1900 to the end of 9999 (UTC): PostgreSQL, JavaScript and people agree there. */
  minYear: 1900,
  maxYear: 9999,
  /** PostgreSQL's `integer`. */
  maxInteger: 2_147_483_647,
  /** Links, feed and picture addresses. */
  urlMaxLength: 2000,
} as const;

/** What a member reads after the field's name ("Invalid body: title must not contain a NUL character"). */
export const inputMessages = {
  nul: 'must not contain a NUL character',
  dateRange: `must be a date between the years ${inputBounds.minYear} and ${inputBounds.maxYear}`,
  timeZone: 'must be a time zone name such as Europe/London or America/New_York',
  control: 'must be one line without control characters (such as tabs or line breaks)',
} as const;

// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this refuses
const withoutNul = /^[^\u0000]*$/;

/** Request text: any string but one with NUL (U+0000), which PostgreSQL cannot store. Chain `.max()` and the like. */
export const text = z.string().regex(withoutNul, inputMessages.nul);

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const withoutControl = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/**
 * A name (a person's, an account type, a brand, tag or feed, the organisation's, a property's):
 * request text, trimmed, then one line without control characters (C0, DEL, C1), so nothing
 * invisible or line-breaking reaches lists, emails and CSV files. Chain `.min()`/`.max()`.
 */
export const nameText = text.trim().regex(withoutControl, inputMessages.control);

/** An http(s) address as typed: parsed as a URL, at most `inputBounds.urlMaxLength` characters, no NUL. */
export const httpUrl = (message?: string) =>
  z
    .url({ protocol: /^https?$/, ...(message === undefined ? {} : { message }) })
    .max(inputBounds.urlMaxLength)
    .regex(withoutNul, inputMessages.nul);

/** Whether an instant (milliseconds since 1970) lies in the years FitPost accepts and stores. */
export function isStorableInstant(ms: number): boolean {
  return ms >= Date.UTC(inputBounds.minYear, 0, 1) && ms < Date.UTC(inputBounds.maxYear + 1, 0, 1);
}

/** A request's instant: ISO 8601 with `Z` or an offset, between the years 1900 and 9999. */
export const instant = z.iso
  .datetime({ offset: true })
  .refine((s) => isStorableInstant(Date.parse(s)), inputMessages.dateRange);

/** A time zone as the member chose it: an IANA name only. */
export const timeZone = text.max(64).refine(isTimeZoneName, inputMessages.timeZone);

/** A numeric id (portal, role): a positive PostgreSQL `integer`; `integerParam` reads one from a query or path. */
export const positiveInteger = z.number().int().positive().max(inputBounds.maxInteger);
export const integerParam = z.coerce.number().int().positive().max(inputBounds.maxInteger);

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
