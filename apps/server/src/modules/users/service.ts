import {
  roleIds,
  userChangeSubject,
  memberDetailMaxLength,
  memberDetailOf,
  type PropertyPut,
  type RoleAssignment,
  type UserPage,
  type userSearchQuery,
  type userUpsert,
} from '@fitpost/contract';
import { fitsXWithin } from '@fitpost/contract/platform-rules';
import { and, asc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { roleRemovals, roles, userProperties, userRoles, users } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { requireAdmin } from '../auth/policy.js';
import type { Actor } from '../auth/sessions.js';
import { accessOf, roleActiveAt } from '../auth/access.js';
import { presentMe, presentUser } from './presenter.js';
import { recordChange, settingsOf, shown } from '../organisation/service.js';

type UserRow = typeof users.$inferSelect;
type UserUpsertInput = z.output<typeof userUpsert>;
type UserSearch = z.output<typeof userSearchQuery>;

/**
 * Loads a user the actor may see: themselves, or anyone in their portal when they are an admin.
 * Another portal's user is "not found", so ids from elsewhere reveal nothing.
 */
export async function loadVisibleUser(db: Db, actor: Actor, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user || user.portalId !== actor.portalId) throw notFound('User');
  if (user.id !== actor.userId && !actor.isAdmin) throw forbidden('You can only see your own account');
  return user;
}

/** Admin-only guard for a target user in the admin's own portal. */
async function loadManagedUser(db: Db, actor: Actor, id: string): Promise<UserRow> {
  requireAdmin(actor, 'Only administrators can manage users');
  return loadVisibleUser(db, actor, id);
}

/** The user's name/value properties, in name order. */
export async function listProperties(db: Db, userId: string) {
  return db
    .select({ name: userProperties.name, value: userProperties.value })
    .from(userProperties)
    .where(eq(userProperties.userId, userId))
    .orderBy(asc(userProperties.name));
}

/** Sets one property (insert or replace) and returns the full list. */
export async function putProperty(db: Db, userId: string, pair: PropertyPut) {
  const [name, value] = Object.entries(pair)[0] ?? [];
  if (name === undefined || value === undefined)
    throw new AppError('validation', 'Send exactly one property');
  // A detail for Auto-Posts must also fit its limit as X counts it (most CJK and emoji weigh 2).
  const detail = memberDetailOf(name);
  if (detail && !fitsXWithin(value, memberDetailMaxLength(detail)))
    throw new AppError(
      'validation',
      `Use at most ${memberDetailMaxLength(detail)} characters as X counts them (most emoji and CJK characters count 2).`,
    );
  await db
    .insert(userProperties)
    .values({ userId, name, value })
    .onConflictDoUpdate({
      target: [userProperties.userId, userProperties.name],
      set: { value, updatedAt: new Date() },
    });
  return listProperties(db, userId);
}

/** The signed-in user's own record, fresh from the database (GET /api/user/me): one query. */
export async function me(db: Db, actor: Actor) {
  const [row] = await db
    .select({
      user: users,
      properties: sql<{ name: string; value: string }[]>`coalesce((
        select json_agg(json_build_object('name', ${userProperties.name}, 'value', ${userProperties.value}) order by ${userProperties.name})
        from ${userProperties} where ${userProperties.userId} = ${users.id}), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!row) throw notFound('User');
  // Authentication just established access, so the actor's flags are current.
  return presentMe(
    row.user,
    { hasAccess: true, isAdmin: actor.isAdmin },
    row.properties,
    !row.user.lastSignInAt,
    (await settingsOf(db, row.user.portalId)).defaultTimeZone,
  );
}

/** One user as an admin (or the user) sees them. */
export async function getUser(db: Db, actor: Actor, id: string) {
  const user = await loadVisibleUser(db, actor, id);
  return presentUser(user, await accessOf(db, user.id));
}

const sortColumns = {
  fullName: users.fullName,
  email: users.email,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
} as const;

const activeRoleFlag = (roleId: number, now: Date) =>
  sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${roleId} and ${roleActiveAt(now)})`;

/** Admin search over the admin's portal (GET /api/user). */
export async function searchUsers(db: Db, actor: Actor, q: UserSearch) {
  requireAdmin(actor, 'Only administrators can list users');
  if (q.portalid !== undefined && q.portalid !== actor.portalId)
    throw forbidden('You can only list users of your own portal');
  const now = new Date();
  const where: SQL[] = [eq(users.portalId, actor.portalId)];
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(users.fullName, like), ilike(users.email, like), ilike(users.accountType, like));
    if (match) where.push(match);
  }
  if (q.roleid !== undefined) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, q.roleid))),
      ),
    );
  }
  const column = sortColumns[q.sort];
  const order = q.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        user: users,
        isAdmin: activeRoleFlag(roleIds.admin, now),
        isMember: activeRoleFlag(roleIds.member, now),
      })
      .from(users)
      .where(and(...where))
      .orderBy(order, asc(users.id))
      .limit(q.pagesize)
      .offset((q.page - 1) * q.pagesize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(...where)),
  ]);
  const page: UserPage = {
    items: rows.map((r) => presentUser(r.user, { isAdmin: r.isAdmin, hasAccess: r.isAdmin || r.isMember })),
    total: count?.n ?? 0,
    page: q.page,
    pageSize: q.pagesize,
  };
  return page;
}

const emailTaken = () => new AppError('conflict', 'A user with this email already exists in your portal');

/** Admin adds a user to their portal; they get access when they sign in or an admin adds a role. */
export async function createUser(db: Db, actor: Actor, input: UserUpsertInput) {
  requireAdmin(actor, 'Only administrators can add users');
  if (input.id)
    throw new AppError('validation', 'Leave id empty to create a user, or use PUT /api/user/{id}');
  await assertEmailFree(db, actor.portalId, input.email);
  const [user] = await db
    .insert(users)
    .values({
      portalId: actor.portalId,
      email: input.email,
      fullName: input.fullName,
      accountType: input.accountType,
      thumbnailUrl: input.thumbnailUrl,
    })
    .returning();
  if (!user) throw new Error('insert returned no row');
  return presentUser(user, await accessOf(db, user.id));
}

/** Updates a user: members their own name and picture; admins any field within their portal. */
export async function updateUser(db: Db, actor: Actor, id: string, input: UserUpsertInput) {
  if (input.id && input.id !== id)
    throw new AppError('validation', 'The id in the body does not match the URL');
  const user = await loadVisibleUser(db, actor, id);
  const changesIdentity =
    input.email.toLowerCase() !== user.email.toLowerCase() || input.accountType !== user.accountType;
  if (changesIdentity && !actor.isAdmin) {
    throw forbidden(
      'Your email and account type come from your membership; only an administrator can change them',
    );
  }
  if (input.email.toLowerCase() !== user.email.toLowerCase())
    await assertEmailFree(db, user.portalId, input.email);
  const now = new Date();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        email: input.email,
        fullName: input.fullName,
        accountType: input.accountType,
        thumbnailUrl: input.thumbnailUrl,
        updatedAt: now,
      })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw notFound('User');
    // The organisation's change log keeps who changed which of the user's details, from what to what.
    const fields = (['fullName', 'email', 'accountType', 'thumbnailUrl'] as const)
      .filter((field) => user[field] !== row[field])
      .map((field) => ({ field, from: shown(user[field]), to: shown(row[field]) }));
    await recordChange(tx, {
      portalId: user.portalId,
      changedBy: actor.userId,
      changedAt: now,
      subject: userChangeSubject(user.fullName),
      fields,
    });
    return row;
  });
  return presentUser(updated, await accessOf(db, id));
}

async function assertEmailFree(db: Db, portalId: number, email: string) {
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.portalId, portalId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  if (clash) throw emailTaken();
}

/** All roles (GET /api/role). */
export async function listRoles(db: Db) {
  return db.select().from(roles).orderBy(asc(roles.id));
}

/** A user's role assignments with whether each is in force now. */
export async function listUserRoles(db: Db, userId: string, now = new Date()): Promise<RoleAssignment[]> {
  const rows = await db
    .select({ a: userRoles, roleName: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.roleId));
  return rows.map(({ a, roleName }) => ({
    userId: a.userId,
    roleId: a.roleId,
    roleName,
    startDate: a.startDate.toISOString(),
    expiryDate: a.expiryDate?.toISOString() ?? null,
    active: a.startDate <= now && (!a.expiryDate || a.expiryDate > now),
  }));
}

/** Admin grants (or re-dates) a role for a user of their portal. */
export async function assignRole(
  db: Db,
  actor: Actor,
  id: string,
  input: {
    userId: string;
    roleId: number;
    startDate?: string | undefined;
    expiryDate?: string | null | undefined;
  },
) {
  if (input.userId !== id)
    throw new AppError('validation', 'userId in the body must match the user in the URL');
  await loadManagedUser(db, actor, id);
  const [role] = await db.select().from(roles).where(eq(roles.id, input.roleId));
  if (!role) throw notFound('Role');
  const values = {
    userId: id,
    roleId: input.roleId,
    startDate: input.startDate ? new Date(input.startDate) : new Date(),
    expiryDate: input.expiryDate ? new Date(input.expiryDate) : null,
    source: 'admin' as const,
    grantedBy: actor.userId,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(userRoles)
      .values(values)
      .onConflictDoUpdate({
        target: [userRoles.userId, userRoles.roleId],
        set: {
          startDate: values.startDate,
          expiryDate: values.expiryDate,
          source: 'admin',
          grantedBy: actor.userId,
        },
      });
    // An admin's own grant supersedes an earlier removal.
    await tx
      .delete(roleRemovals)
      .where(and(eq(roleRemovals.userId, id), eq(roleRemovals.roleId, input.roleId)));
  });
  return listUserRoles(db, id);
}

/**
 * Admin removes a role; an admin cannot remove their own admin role (someone must remain). The
 * removal is recorded so the next sign-in does not grant it back from the organisation's claims
 * or the bootstrap list (see reconcileExternalRoles).
 */
export async function removeRole(db: Db, actor: Actor, id: string, roleId: number) {
  await loadManagedUser(db, actor, id);
  if (id === actor.userId && roleId === roleIds.admin) {
    throw new AppError('conflict', 'You cannot remove your own admin role');
  }
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, id), eq(userRoles.roleId, roleId)))
      .returning({ roleId: userRoles.roleId });
    if (deleted.length === 0) throw notFound('Role assignment');
    await tx
      .insert(roleRemovals)
      .values({ userId: id, roleId, removedBy: actor.userId })
      .onConflictDoUpdate({
        target: [roleRemovals.userId, roleRemovals.roleId],
        set: { removedBy: actor.userId, removedAt: new Date() },
      });
  });
  return listUserRoles(db, id);
}
