import type { MeResponse, UserSummary } from '@fitpost/contract';
import type { users } from '../../db/schema.js';
import type { Access } from '../auth/access.js';

type UserRow = typeof users.$inferSelect;

/** The signed-in user's own record (spec §3 user info), without the token. */
export function presentMe(
  user: UserRow,
  access: Access,
  properties: { name: string; value: string }[],
  isNewUser: boolean,
  organisationTimeZone: string | null,
): MeResponse {
  return {
    id: user.id,
    portalId: user.portalId,
    fullName: user.fullName,
    email: user.email,
    accountType: user.accountType,
    thumbnailUrl: user.thumbnailUrl,
    profileUrl: user.profileUrl,
    fitPostAdminAccess: access.isAdmin,
    properties,
    isNewUser,
    organisationTimeZone,
  };
}

/** A user as an admin sees them in lists: an explicit allowlist of fields. */
export function presentUser(user: UserRow, access: Access): UserSummary {
  return {
    id: user.id,
    portalId: user.portalId,
    email: user.email,
    fullName: user.fullName,
    accountType: user.accountType,
    thumbnailUrl: user.thumbnailUrl,
    fitPostAdminAccess: access.isAdmin,
    hasAccess: access.hasAccess,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
