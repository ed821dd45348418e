import { z } from 'zod';
import {
  httpUrl,
  inputMessages,
  instant,
  integerParam,
  nameText,
  pageQuery,
  pagedOf,
  positiveInteger,
  text,
  uuid,
} from './common.js';
import { memberDetailLabels, memberDetailOf, memberDetailProblem } from './merge-fields.js';
import { timeZoneProperty, tourSeenProperty } from './names.js';
import { isTimeZoneName } from './zoned-time.js';

const userProperty = z.object({ name: z.string(), value: z.string() });
export type UserProperty = z.infer<typeof userProperty>;

/** The user-info record the web app keeps, encoded, in local storage (spec §3). */
export const userInfo = z
  .object({
    id: uuid,
    token: z.string(),
    portalId: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    accountType: z.string(),
    thumbnailUrl: z.string(),
    fitPostAdminAccess: z.boolean(),
    properties: z.array(userProperty),
    isNewUser: z.boolean(),
    profileUrl: z.string(),
    /** The organisation's default time zone, for members who set none; null: none (the browser's). */
    organisationTimeZone: z.string().nullable().optional(),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof userInfo>;

/** A user as seen by another user (admin screens) — never carries a token. */
export const userSummary = z
  .object({
    id: uuid,
    portalId: z.number().int(),
    email: z.string(),
    fullName: z.string(),
    accountType: z.string(),
    thumbnailUrl: z.string(),
    fitPostAdminAccess: z.boolean(),
    hasAccess: z.boolean(),
    lastSignInAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'User' });
export type UserSummary = z.infer<typeof userSummary>;

export const userSortFields = ['fullName', 'email', 'createdAt', 'lastSignInAt'] as const;

export const userSearchQuery = pageQuery.extend({
  portalid: integerParam.optional(),
  keyword: text.trim().max(200).optional(),
  roleid: integerParam.optional(),
  sort: z.enum(userSortFields).default('fullName'),
  desc: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const userPage = pagedOf(userSummary);
export type UserPage = z.infer<typeof userPage>;

export const userIdParams = z.object({ id: uuid });

/** Body of the upsert (POST /api/user creates, PUT /api/user/{id} updates). */
export const userUpsert = z.object({
  id: z.union([uuid, z.literal(''), z.literal(0)]).optional(),
  email: z.email().max(254),
  fullName: nameText.min(1).max(200),
  accountType: nameText.max(100).default('Member'),
  thumbnailUrl: z.union([httpUrl(), z.literal('')]).default(''),
});
export type UserUpsert = z.input<typeof userUpsert>;

/** What the screens (and the change log) call a user's details. */
export const userFieldLabels = {
  fullName: 'Full name',
  email: 'Email',
  accountType: 'Account type',
  thumbnailUrl: 'Picture',
} as const satisfies Record<Exclude<keyof UserUpsert, 'id'>, string>;

const tourSeenValues = ['true', 'false'] as const;

/**
 * A user property as people read it (the admin's user drawer): its name and value in words, or
 * null for a property FitPost keeps for itself, which is not shown.
 */
export function userPropertyShown(property: UserProperty): { label: string; value: string } | null {
  if (property.name === timeZoneProperty) return { label: 'Time zone', value: property.value };
  if (property.name === tourSeenProperty)
    return { label: 'Tour seen', value: property.value === 'true' ? 'Yes' : 'No' };
  const detail = memberDetailOf(property.name);
  return detail ? { label: memberDetailLabels[detail], value: property.value } : null;
}

/** PUT /api/user/{id}/properties: exactly one name → string value pair. */
export const propertyPut = z
  .record(nameText.min(1).max(100), text.max(4000))
  .refine((r) => Object.keys(r).length === 1, { message: 'Send exactly one property name and value' })
  .superRefine((r, ctx) => {
    const zone = r[timeZoneProperty];
    if (zone !== undefined && !isTimeZoneName(zone))
      ctx.addIssue({ code: 'custom', path: [timeZoneProperty], message: inputMessages.timeZone });
    const tour = r[tourSeenProperty];
    if (tour !== undefined && !(tourSeenValues as readonly string[]).includes(tour))
      ctx.addIssue({ code: 'custom', path: [tourSeenProperty], message: "Send 'true' or 'false'" });
    for (const [name, value] of Object.entries(r)) {
      const detail = memberDetailOf(name);
      const problem = detail ? memberDetailProblem(detail, value) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
    }
  });
export type PropertyPut = z.infer<typeof propertyPut>;

export const userProperties = z.array(userProperty);

export const role = z
  .object({ id: z.number().int(), name: z.string(), description: z.string() })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof role>;

export const roleAssignment = z
  .object({
    userId: uuid,
    roleId: z.number().int(),
    roleName: z.string(),
    startDate: z.iso.datetime(),
    expiryDate: z.iso.datetime().nullable(),
    active: z.boolean(),
  })
  .meta({ id: 'RoleAssignment' });
export type RoleAssignment = z.infer<typeof roleAssignment>;

export const roleAssignmentCreate = z
  .object({
    userId: uuid,
    roleId: positiveInteger,
    startDate: instant.optional(),
    expiryDate: instant.nullable().optional(),
  })
  .refine((r) => !r.startDate || !r.expiryDate || new Date(r.expiryDate) > new Date(r.startDate), {
    message: 'The expiry date must be after the start date',
    path: ['expiryDate'],
  });
export type RoleAssignmentCreate = z.input<typeof roleAssignmentCreate>;

export const roleParams = z.object({ id: uuid, roleId: integerParam });

/** GET /api/user/verify (spec §7): exchange a portal-issued ID token for a session. */
/**
 * Whether a browser told to go to `path` stays on FitPost's origin. Browsers drop tabs and
 * newlines and read `\\` as `/`, so `/%09/evil.example` (decoded: a tab) becomes
 * `//evil.example`, another origin. Control characters and backslashes are refused outright; what
 * remains stays on the origin exactly when it starts with one `/` (WHATWG URL, path-absolute).
 */
function staysOnOrigin(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return /^\/(?!\/)/.test(path) && !/[\u0000-\u001f\u007f\\]/.test(path);
}

export const verifyQuery = z.object({
  alias: text.trim().min(1).max(100),
  token: text.min(10).max(8192),
  context: text
    .max(2000)
    .refine(staysOnOrigin, { message: 'context must be a relative path inside FitPost' })
    .optional(),
});

export const verifyResponse = userInfo.extend({ context: z.string().nullable() });

/** GET /api/user/me: the record without the token, which the web app keeps (spec §7). */
export const meResponse = userInfo.omit({ token: true });
export type MeResponse = z.infer<typeof meResponse>;
