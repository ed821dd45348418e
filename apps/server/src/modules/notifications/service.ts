import {
  notificationLink,
  tokenExpiryWarningDays,
  type Notification,
  type NotificationList,
  type NotificationListQuery,
  type NotificationReadResult,
} from '@fitpost/contract';
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, socialConnections } from '../../db/schema.js';
import type { Actor } from '../auth/sessions.js';
import { connectionLapse } from '../../db/connection-lapse.js';

export interface NotificationsDeps {
  db: Db;
}

type Row = typeof notifications.$inferSelect;

/**
 * A notification the member must still act on, read or not: a reconnect whose account still needs
 * reconnecting, or an expiry warning whose connection has not been reconnected since (its lapse
 * is still the one warned about).
 */
const needsAction = sql<boolean>`((${notifications.kind} = 'connection.needs_reconnect' and exists (
  select 1 from ${socialConnections}
  where ${socialConnections.id} = ${notifications.connectionId}
    and ${socialConnections.status} = 'needs_reconnect'))
  or (${notifications.kind} = 'connection.token_expiring' and exists (
  select 1 from ${socialConnections}
  where ${socialConnections.id} = ${notifications.connectionId}
    and ${socialConnections.status} = 'connected'
    and ${notifications.createdAt} >= ${connectionLapse} - ${sql.raw(`interval '${tokenExpiryWarningDays} days'`)})))`;

/** Unread, or read but still needing action. */
const unread = or(isNull(notifications.readAt), needsAction);

const mine = (actor: Actor) => eq(notifications.userId, actor.userId);

function present(row: Row & { needsAction: boolean }): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    text: row.body,
    link: notificationLink(row.kind, row.network),
    network: row.network,
    needsAction: row.needsAction,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The bell's count of what the member has not read or must still act on. */
export async function unreadCount(db: Db, actor: Actor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(actor), unread));
  return row?.n ?? 0;
}

/** The caller's own notifications, newest first, with the total and the unread count. */
export async function listNotifications(
  deps: NotificationsDeps,
  actor: Actor,
  q: NotificationListQuery,
): Promise<NotificationList> {
  const where = q.unread ? and(mine(actor), unread) : mine(actor);
  const [rows, [total], unreadN] = await Promise.all([
    deps.db
      .select({ row: notifications, needsAction })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.pagesize)
      .offset((q.page - 1) * q.pagesize),
    deps.db.select({ n: count() }).from(notifications).where(where),
    unreadCount(deps.db, actor),
  ]);
  return {
    items: rows.map(({ row, needsAction: act }) => present({ ...row, needsAction: Boolean(act) })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pagesize,
    unread: unreadN,
  };
}

/** Marks the caller's own notifications read; ids of anyone else's are ignored, never touched. */
export async function markRead(
  deps: NotificationsDeps,
  actor: Actor,
  ids: readonly string[] | 'all',
): Promise<NotificationReadResult> {
  const target = ids === 'all' ? mine(actor) : and(mine(actor), inArray(notifications.id, [...ids]));
  const updated = await deps.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(target, isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: updated.length, unread: await unreadCount(deps.db, actor) };
}
