import { roleIds } from '@fitpost/contract';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRoles } from '../../db/schema.js';

export interface Access {
  hasAccess: boolean;
  isAdmin: boolean;
}

/** SQL condition: the assignment is in force at `now` (start ≤ now < expiry). */
export const roleActiveAt = (now: Date) =>
  and(lte(userRoles.startDate, now), or(isNull(userRoles.expiryDate), gt(userRoles.expiryDate, now)));

/** Whether a user may use FitPost and administer their portal, from roles in force now. */
export async function accessOf(db: Db, userId: string, now = new Date()): Promise<Access> {
  const rows = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(
      and(
        eq(userRoles.userId, userId),
        inArray(userRoles.roleId, [roleIds.member, roleIds.admin]),
        roleActiveAt(now),
      ),
    );
  const ids = new Set(rows.map((r) => r.roleId));
  return { hasAccess: ids.size > 0, isAdmin: ids.has(roleIds.admin) };
}

/**
 * Brings the roles that come from outside FitPost in line with what we were just told:
 * the organisation's entitlement claim grants or ends the member role it granted, and the
 * bootstrap list grants admin. Roles an admin granted by hand are left alone.
 */
export async function reconcileExternalRoles(
  db: Db,
  userId: string,
  opts: { entitled: boolean; bootstrapAdmin: boolean; now: Date },
) {
  const { now } = opts;
  const grant = async (roleId: number, source: 'claims' | 'bootstrap') => {
    await db
      .insert(userRoles)
      .values({ userId, roleId, startDate: now, expiryDate: null, source })
      .onConflictDoUpdate({
        target: [userRoles.userId, userRoles.roleId],
        // Re-open an assignment this same source had ended; never shorten an admin's grant.
        set: {
          expiryDate: null,
          startDate: sql`least(${userRoles.startDate}, ${now.toISOString()}::timestamptz)`,
        },
        setWhere: and(eq(userRoles.source, source), sql`${userRoles.expiryDate} is not null`),
      });
  };
  if (opts.entitled) await grant(roleIds.member, 'claims');
  else {
    await db
      .update(userRoles)
      .set({ expiryDate: now })
      .where(
        and(
          eq(userRoles.userId, userId),
          eq(userRoles.roleId, roleIds.member),
          eq(userRoles.source, 'claims'),
          or(isNull(userRoles.expiryDate), gt(userRoles.expiryDate, now)),
        ),
      );
  }
  if (opts.bootstrapAdmin) await grant(roleIds.admin, 'bootstrap');
}
