import { roleIds } from '@fitpost/contract';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roleRemovals, userRoles } from '../../db/schema.js';

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
 * bootstrap list grants admin. Roles an admin granted by hand are left alone, and so is a role an
 * admin removed (role_removals): it is not granted back while the outside source keeps granting
 * it. Once a sign-in shows the source no longer grants it, the removal is forgotten, so a later
 * grant from the organisation is a new one and applies.
 */
export async function reconcileExternalRoles(
  db: Db,
  userId: string,
  opts: { entitled: boolean; bootstrapAdmin: boolean; now: Date },
) {
  const { now } = opts;
  const removed = new Set(
    (
      await db
        .select({ roleId: roleRemovals.roleId })
        .from(roleRemovals)
        .where(eq(roleRemovals.userId, userId))
    ).map((r) => r.roleId),
  );
  const forgetRemoval = (roleId: number) =>
    db.delete(roleRemovals).where(and(eq(roleRemovals.userId, userId), eq(roleRemovals.roleId, roleId)));
  const grant = async (roleId: number, source: 'claims' | 'bootstrap') => {
    if (removed.has(roleId)) return;
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
    await forgetRemoval(roleIds.member);
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
  else await forgetRemoval(roleIds.admin);
}
