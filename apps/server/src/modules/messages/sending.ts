import { messageTexts, type messageCompose, type MessageItem, type MessageSent } from '@fitpost/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { messageReplies, messageThreads as t, portalMessages as m } from '../../db/schema-messages.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { queueEmails } from '../email/outbox.js';
import { adminIds, countAdmins, openThreads, resolveRecipients, type Audience } from './audience.js';
import { presentReply, type MessagesDeps } from './service.js';

type Compose = z.output<typeof messageCompose>;

/** Stores what was composed — its one body — and returns its id. */
async function insertMessage(
  tx: Db,
  actor: Actor,
  input: Compose,
  to: { audience: Audience; roleIds?: number[] | null; recipientCount: number },
) {
  const [message] = await tx
    .insert(m)
    .values({
      portalId: actor.portalId,
      authorId: actor.userId,
      subject: input.subject,
      body: input.body,
      ...to,
    })
    .returning({ id: m.id });
  if (!message) throw new Error('message insert returned no row');
  return message.id;
}

/** Where an emailed message sends its reader: a member's messages, or the admins' screen. */
const messagesLink = { member: '/app/settings/messages', admin: '/app/manage/messages' } as const;

/** The message's words as an email: who wrote, then the plain-text body. */
async function emailMessage(
  tx: Db,
  deps: MessagesDeps,
  actor: Actor,
  to: { userIds: string[] | SQL; subject: string; body: string; link: string },
) {
  if (!deps.emails || (Array.isArray(to.userIds) && to.userIds.length === 0)) return;
  const [author] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, actor.userId));
  await queueEmails(tx, deps.emails, {
    userIds: to.userIds,
    kind: 'messages',
    subject: to.subject,
    text: `${author?.name ?? 'FitPost'} wrote:\n\n${to.body}`,
    link: to.link,
  });
}

/**
 * Sends a message. A member's goes to the portal's admins (naming `to` is refused) and opens
 * their thread; an admin's reaches `to` — all members, the holders of some roles, or chosen
 * members of the portal — with one stored body and a thread per recipient, in one transaction.
 */
export async function composeMessage(deps: MessagesDeps, actor: Actor, input: Compose): Promise<MessageSent> {
  if (!actor.isAdmin) {
    if (input.to) throw badRequest(messageTexts.memberNamesRecipients);
    const admins = await countAdmins(deps.db, actor.portalId);
    return deps.db.transaction(async (tx) => {
      const messageId = await insertMessage(tx, actor, input, { audience: 'admins', recipientCount: admins });
      const [thread] = await tx
        .insert(t)
        .values({
          messageId,
          portalId: actor.portalId,
          userId: actor.userId,
          memberLastAt: sql`now()`,
          memberReadAt: sql`now()`,
          lastAt: sql`now()`,
        })
        .returning({ id: t.id });
      if (!thread) throw new Error('thread insert returned no row');
      const userIds = deps.emails ? await adminIds(tx, actor.portalId) : [];
      await emailMessage(tx, deps, actor, {
        userIds,
        subject: input.subject,
        body: input.body,
        link: messagesLink.admin,
      });
      return { id: thread.id, kind: 'thread' as const, recipientCount: admins };
    });
  }
  if (!input.to) throw badRequest(messageTexts.adminNamesRecipients);
  const to = await resolveRecipients(deps.db, actor, input.to);
  return deps.db.transaction(async (tx) => {
    const messageId = await insertMessage(tx, actor, input, {
      audience: to.audience,
      roleIds: to.roleIds,
      recipientCount: 0,
    });
    const opened = await openThreads(tx, messageId, actor.portalId, to.where);
    if (opened === 0) throw badRequest(messageTexts.noRecipients);
    await tx.update(m).set({ recipientCount: opened }).where(eq(m.id, messageId));
    if (deps.emails) {
      // Straight from the threads just opened: 10,000 ids never travel to this process and back.
      await emailMessage(tx, deps, actor, {
        userIds: tx.select({ id: t.userId }).from(t).where(eq(t.messageId, messageId)).getSQL(),
        subject: input.subject,
        body: input.body,
        link: messagesLink.member,
      });
    }
    return { id: messageId, kind: 'sent' as const, recipientCount: opened };
  });
}

/**
 * Answers in a thread: the member in their own, an admin in any of the portal's (for the admins'
 * side). A sent message to many is answered in each member's thread, not as a whole.
 */
export async function replyToThread(
  deps: MessagesDeps,
  actor: Actor,
  id: string,
  body: string,
): Promise<MessageItem> {
  return deps.db.transaction(async (tx) => {
    const [thread] = await tx
      .select({ id: t.id, userId: t.userId })
      .from(t)
      .where(and(eq(t.id, id), actor.isAdmin ? eq(t.portalId, actor.portalId) : eq(t.userId, actor.userId)))
      .for('update');
    if (!thread) {
      const sent = actor.isAdmin
        ? await tx
            .select({ id: m.id })
            .from(m)
            .where(and(eq(m.id, id), eq(m.portalId, actor.portalId)))
        : [];
      throw sent.length > 0 ? badRequest(messageTexts.sentNoReply) : notFound(messageTexts.notFound);
    }
    const fromAdmin = thread.userId !== actor.userId;
    const [reply] = await tx
      .insert(messageReplies)
      .values({ threadId: thread.id, authorId: actor.userId, fromAdmin, body })
      .returning();
    if (!reply) throw new Error('reply insert returned no row');
    await tx
      .update(t)
      .set({
        // now() is the transaction's start: the reply's created_at to the microsecond.
        ...(fromAdmin ? { adminLastAt: sql`now()` } : { memberLastAt: sql`now()` }),
        lastAt: sql`now()`,
        replyCount: sql`${t.replyCount} + 1`,
      })
      .where(eq(t.id, thread.id));
    if (deps.emails) {
      const [about] = await tx
        .select({ subject: m.subject })
        .from(t)
        .innerJoin(m, eq(m.id, t.messageId))
        .where(eq(t.id, thread.id));
      await emailMessage(tx, deps, actor, {
        // An admin's answer goes to the member; a member's to the portal's admins.
        userIds: fromAdmin ? [thread.userId] : await adminIds(tx, actor.portalId),
        subject: `Re: ${about?.subject ?? ''}`,
        body,
        link: fromAdmin ? messagesLink.member : messagesLink.admin,
      });
    }
    const [me] = await tx
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(eq(users.id, actor.userId));
    return presentReply(reply, me ?? { id: actor.userId, fullName: '' });
  });
}
