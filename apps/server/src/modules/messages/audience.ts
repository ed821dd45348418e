import { messageTexts, roleIds as wellKnownRoles, type MessageRecipients } from '@fitpost/contract';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema.js';
import { messageThreads, type messageAudiences } from '../../db/schema-messages.js';
import { badRequest } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';

export type Audience = (typeof messageAudiences)[number];

/** SQL condition on `users`: holds one of `roleIds` now (start ≤ now < expiry). */
const holdsRoleNow = (roleIds: readonly number[]) => sql`exists (
  select 1 from ${userRoles}
  where ${userRoles.userId} = ${users.id}
    and ${inArray(userRoles.roleId, [...roleIds])}
    and ${userRoles.startDate} <= now()
    and (${userRoles.expiryDate} is null or ${userRoles.expiryDate} > now()))`;

/** Those who may use FitPost now: the only people a message can reach. */
const hasAccessNow = holdsRoleNow([wellKnownRoles.member, wellKnownRoles.admin]);

/**
 * Checks an admin's `to` against their portal and turns it into the stored audience plus the SQL
 * that picks its recipients from `users`: members of the caller's portal with access now, the
 * author left out. Unknown roles, or members of another portal, are refused (400), so an id from
 * elsewhere reaches nobody and tells nothing.
 */
export async function resolveRecipients(db: Db, actor: Actor, to: MessageRecipients) {
  const base = [eq(users.portalId, actor.portalId), sql`${users.id} <> ${actor.userId}`, hasAccessNow];
  if ('all' in to) return { audience: 'all' as Audience, roleIds: null, where: and(...base) as SQL };
  if ('roleIds' in to) {
    const ids = [...new Set(to.roleIds)];
    const [found] = await db.select({ n: count() }).from(roles).where(inArray(roles.id, ids));
    if ((found?.n ?? 0) !== ids.length) throw badRequest(messageTexts.unknownRoles);
    return { audience: 'roles' as Audience, roleIds: ids, where: and(...base, holdsRoleNow(ids)) as SQL };
  }
  const ids = [...new Set(to.userIds)];
  const [found] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.portalId, actor.portalId), inArray(users.id, ids)));
  if ((found?.n ?? 0) !== ids.length) throw badRequest(messageTexts.unknownUsers);
  return { audience: 'users' as Audience, roleIds: null, where: and(...base, inArray(users.id, ids)) as SQL };
}

/**
 * Opens a thread for every recipient in one INSERT … SELECT: the body stays in its one
 * `messages` row; each thread holds only ids and read state. Returns how many it opened.
 */
export async function openThreads(db: Db, messageId: string, portalId: number, where: SQL) {
  const opened = await db.execute(sql`
    with opened as (
      insert into ${messageThreads} (message_id, portal_id, user_id, admin_last_at, last_at)
      select ${messageId}::uuid, ${portalId}::integer, ${users.id}, now(), now()
      from ${users}
      where ${where}
      returning 1)
    select count(*)::integer as n from opened`);
  // Both drivers resolve execute() to { rows } (see jobs/queues.ts).
  return (opened as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** The portal's admins now: whom a member's message reaches. */
export async function countAdmins(db: Db, portalId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.portalId, portalId), holdsRoleNow([wellKnownRoles.admin])));
  return row?.n ?? 0;
}

/** The portal's admins now (their ids): whom a member's message and reply are emailed to. */
export async function adminIds(db: Db, portalId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.portalId, portalId), holdsRoleNow([wellKnownRoles.admin])));
  return rows.map((r) => r.id);
}

/** Names of roles by id, for saying whom a message went to. */
export async function roleNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whom a message went to, in words. */
export function audienceLabel(
  m: { audience: Audience; roleIds: number[] | null; recipientCount: number },
  names: Map<number, string>,
): string {
  switch (m.audience) {
    case 'admins':
      return messageTexts.toAdmins;
    case 'all':
      return messageTexts.toAll;
    case 'roles':
      return messageTexts.toRoles((m.roleIds ?? []).map((id) => names.get(id) ?? `role ${id}`));
    case 'users':
      return messageTexts.toUsers(m.recipientCount);
  }
}
