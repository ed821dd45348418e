import {
  messageLimits,
  messageTexts,
  type MessageItem,
  type MessageList,
  type MessageListQuery,
  type MessageSummary,
  type MessageThread,
  type UnreadCounts,
} from '@fitpost/contract';
import { aliasedTable, and, asc, count, desc, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { EmailOutbox } from '../email/outbox.js';
import { users } from '../../db/schema.js';
import { messageReplies, messageThreads, portalMessages } from '../../db/schema-messages.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { unreadCount as unreadNotifications } from '../notifications/service.js';
import { audienceLabel, roleNames } from './audience.js';

export interface MessagesDeps {
  db: Db;
  /** Where messages' emails are queued (kind `messages`); absent or null: no email. */
  emails?: EmailOutbox | null;
}

const t = messageThreads;
const m = portalMessages;
const author = aliasedTable(users, 'author');
const member = aliasedTable(users, 'member');

/** The admins wrote after the member last read: unread for the member. */
const memberUnread = sql<boolean>`(${t.adminLastAt} > coalesce(${t.memberReadAt}, '-infinity'::timestamptz))`;
/** The member wrote after the admins last read: unread on the admins' desk. */
const deskUnread = sql<boolean>`(${t.memberLastAt} > coalesce(${t.adminReadAt}, '-infinity'::timestamptz))`;

/** The caller's own threads (they are the member in them). */
const own = (actor: Actor) => eq(t.userId, actor.userId);
/** An admin's desk: other members' threads in the portal that a member has written in. */
const desk = (actor: Actor) =>
  and(eq(t.portalId, actor.portalId), ne(t.userId, actor.userId), isNotNull(t.memberLastAt)) as SQL;

/** Threads the caller sees in the inbox, and whether each is unread for them. */
function inbox(actor: Actor) {
  if (!actor.isAdmin) return { where: own(actor), unread: memberUnread };
  return {
    where: or(own(actor), desk(actor)) as SQL,
    unread: sql<boolean>`(case when ${t.userId} = ${actor.userId} then ${memberUnread} else ${deskUnread} end)`,
  };
}

/** How many threads are unread for the caller. */
async function unreadMessages(db: Db, actor: Actor): Promise<number> {
  const mine = db
    .select({ n: count() })
    .from(t)
    .where(and(own(actor), memberUnread));
  const [[a], [b]] = await Promise.all([
    mine,
    actor.isAdmin
      ? db
          .select({ n: count() })
          .from(t)
          .where(and(desk(actor), deskUnread))
      : Promise.resolve([{ n: 0 }]),
  ]);
  return (a?.n ?? 0) + (b?.n ?? 0);
}

/** What the bell counts: unread notifications and unread threads. */
export async function unreadCounts(deps: MessagesDeps, actor: Actor): Promise<UnreadCounts> {
  const [notifications, messages] = await Promise.all([
    unreadNotifications(deps.db, actor),
    unreadMessages(deps.db, actor),
  ]);
  return { notifications, messages };
}

const person = (id: string, fullName: string) => ({ id, fullName });
const preview = (body: string) => body.slice(0, messageLimits.previewLength);
const latestReply = sql<string | null>`(select left(${messageReplies.body}, ${messageLimits.previewLength})
  from ${messageReplies} where ${messageReplies.threadId} = ${t.id}
  order by ${messageReplies.createdAt} desc limit 1)`;
const readCountOf = sql<number>`(select count(*)::integer from ${t}
  where ${t.messageId} = ${m.id} and ${t.memberReadAt} is not null)`;
const answeredCountOf = sql<number>`(select count(*)::integer from ${t}
  where ${t.messageId} = ${m.id} and ${t.memberLastAt} is not null)`;

/** The caller's threads (inbox, or for a member the ones they began), or an admin's sent messages. */
export async function listMessages(
  deps: MessagesDeps,
  actor: Actor,
  q: MessageListQuery,
): Promise<MessageList> {
  const [names, unread] = await Promise.all([roleNames(deps.db), unreadMessages(deps.db, actor)]);
  const page = { page: q.page, pageSize: q.pagesize, unread };
  if (q.folder === 'sent' && actor.isAdmin)
    return { ...(await sentMessages(deps.db, actor, q, names)), ...page };

  const view =
    q.folder === 'sent'
      ? { where: and(own(actor), eq(m.authorId, actor.userId)) as SQL, unread: memberUnread }
      : inbox(actor);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        thread: t,
        message: { subject: m.subject, body: m.body, audience: m.audience, roleIds: m.roleIds },
        recipientCount: m.recipientCount,
        author: { id: author.id, fullName: author.fullName },
        member: { id: member.id, fullName: member.fullName },
        unread: view.unread,
        latestReply,
      })
      .from(t)
      .innerJoin(m, eq(m.id, t.messageId))
      .innerJoin(author, eq(author.id, m.authorId))
      .innerJoin(member, eq(member.id, t.userId))
      .where(view.where)
      .orderBy(desc(t.lastAt), desc(t.id))
      .limit(q.pagesize)
      .offset((q.page - 1) * q.pagesize),
    deps.db.select({ n: count() }).from(t).innerJoin(m, eq(m.id, t.messageId)).where(view.where),
  ]);
  const items = rows.map((r): MessageSummary => ({
    id: r.thread.id,
    kind: 'thread',
    subject: r.message.subject,
    preview: r.latestReply ?? preview(r.message.body),
    author: r.author,
    member: r.member,
    to: audienceLabel({ ...r.message, recipientCount: r.recipientCount }, names),
    lastAt: r.thread.lastAt.toISOString(),
    unread: Boolean(r.unread),
    replyCount: r.thread.replyCount,
    recipientCount: null,
    readCount: null,
  }));
  return { items, total: total?.n ?? 0, ...page };
}

/** The portal's messages to members, newest first, each with how many opened it. */
async function sentMessages(db: Db, actor: Actor, q: MessageListQuery, names: Map<number, string>) {
  const where = and(eq(m.portalId, actor.portalId), ne(m.audience, 'admins'));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        message: m,
        author: { id: author.id, fullName: author.fullName },
        readCount: readCountOf,
        answered: answeredCountOf,
      })
      .from(m)
      .innerJoin(author, eq(author.id, m.authorId))
      .where(where)
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(q.pagesize)
      .offset((q.page - 1) * q.pagesize),
    db.select({ n: count() }).from(m).where(where),
  ]);
  const items = rows.map((r): MessageSummary => ({
    id: r.message.id,
    kind: 'sent',
    subject: r.message.subject,
    preview: preview(r.message.body),
    author: r.author,
    member: null,
    to: audienceLabel(r.message, names),
    lastAt: r.message.createdAt.toISOString(),
    unread: false,
    replyCount: Number(r.answered),
    recipientCount: r.message.recipientCount,
    readCount: Number(r.readCount),
  }));
  return { items, total: total?.n ?? 0 };
}

/**
 * Marks the thread read for the caller — up to the other side's latest text as this statement
 * sees it, so a reply committed meanwhile stays unread — and returns it; null when the caller may
 * not see it. A member reaches only their own threads; an admin also the portal's others.
 */
async function openThread(db: Db, actor: Actor, id: string) {
  const [mine] = await db
    .update(t)
    .set({ memberReadAt: sql`greatest(${t.memberReadAt}, ${t.adminLastAt})` })
    .where(and(eq(t.id, id), own(actor)))
    .returning();
  if (mine || !actor.isAdmin) return mine ?? null;
  const [theirs] = await db
    .update(t)
    .set({ adminReadAt: sql`greatest(${t.adminReadAt}, ${t.memberLastAt})` })
    .where(and(eq(t.id, id), eq(t.portalId, actor.portalId), ne(t.userId, actor.userId)))
    .returning();
  return theirs ?? null;
}

async function loadMessage(db: Db, id: string) {
  const [row] = await db
    .select({ message: m, author: { id: author.id, fullName: author.fullName } })
    .from(m)
    .innerJoin(author, eq(author.id, m.authorId))
    .where(eq(m.id, id));
  if (!row) throw notFound(messageTexts.notFound);
  return row;
}

/** The message that began a thread, as its first item. */
function firstItem(row: Awaited<ReturnType<typeof loadMessage>>): MessageItem {
  return {
    id: row.message.id,
    author: row.author,
    fromAdmin: row.message.audience !== 'admins',
    body: row.message.body,
    createdAt: row.message.createdAt.toISOString(),
  };
}

/** How many of a message's recipients opened it. */
async function readCount(db: Db, messageId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.messageId, messageId), isNotNull(t.memberReadAt)));
  return row?.n ?? 0;
}

/** An admin's sent message to many: the one body, whom it reached and how many opened it. */
async function sentMessage(db: Db, actor: Actor, id: string): Promise<MessageThread | null> {
  const [found] = await db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.id, id), eq(m.portalId, actor.portalId), ne(m.audience, 'admins')));
  if (!found) return null;
  const [head, names, read] = await Promise.all([loadMessage(db, id), roleNames(db), readCount(db, id)]);
  return {
    id,
    kind: 'sent',
    subject: head.message.subject,
    to: audienceLabel(head.message, names),
    member: null,
    createdAt: head.message.createdAt.toISOString(),
    canReply: false,
    items: [firstItem(head)],
    recipientCount: head.message.recipientCount,
    readCount: read,
  };
}

/**
 * A thread with its replies, oldest first, marked read for the caller; for an admin, `id` may
 * also be one of the portal's sent messages. Anything else — another member's thread, another
 * portal's — is 404.
 */
export async function getThread(deps: MessagesDeps, actor: Actor, id: string): Promise<MessageThread> {
  const thread = await openThread(deps.db, actor, id);
  if (!thread) {
    const sent = actor.isAdmin ? await sentMessage(deps.db, actor, id) : null;
    if (!sent) throw notFound(messageTexts.notFound);
    return sent;
  }
  const [head, names, [owner], replies] = await Promise.all([
    loadMessage(deps.db, thread.messageId),
    roleNames(deps.db),
    deps.db.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.id, thread.userId)),
    deps.db
      .select({ reply: messageReplies, author: { id: author.id, fullName: author.fullName } })
      .from(messageReplies)
      .innerJoin(author, eq(author.id, messageReplies.authorId))
      .where(eq(messageReplies.threadId, thread.id))
      .orderBy(asc(messageReplies.createdAt), asc(messageReplies.id)),
  ]);
  const items = [firstItem(head), ...replies.map((r) => presentReply(r.reply, r.author))];
  const toMany = actor.isAdmin && head.message.audience !== 'admins';
  return {
    id: thread.id,
    kind: 'thread',
    subject: head.message.subject,
    to: audienceLabel(head.message, names),
    member: owner ? person(owner.id, owner.fullName) : null,
    createdAt: head.message.createdAt.toISOString(),
    canReply: true,
    items,
    recipientCount: toMany ? head.message.recipientCount : null,
    readCount: toMany ? await readCount(deps.db, head.message.id) : null,
  };
}

/** A reply as the thread shows it. */
export function presentReply(
  reply: typeof messageReplies.$inferSelect,
  by: { id: string; fullName: string },
): MessageItem {
  return {
    id: reply.id,
    author: by,
    fromAdmin: reply.fromAdmin,
    body: reply.body,
    createdAt: reply.createdAt.toISOString(),
  };
}
