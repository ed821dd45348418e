import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { portals, tz, users } from './schema.js';

/** Whom a message was composed for: a member's message goes to the admins; an admin's to a chosen audience. */
export const messageAudiences = ['admins', 'all', 'roles', 'users'] as const;

/**
 * What someone composed (modules/messages): subject, the one stored body and its audience. A
 * message to a whole portal is this one row plus a `message_threads` row per recipient: the body
 * is never copied.
 */
export const portalMessages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    audience: text('audience', { enum: messageAudiences }).notNull(),
    /** The roles named (audience 'roles'), to say whom it went to. */
    roleIds: integer('role_ids').array(),
    /** How many threads it opened when it was sent. */
    recipientCount: integer('recipient_count').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // An admin's sent folder: the portal's messages to members, newest first.
    index('messages_portal_sent_idx')
      .on(t.portalId, t.createdAt)
      .where(sql`${t.audience} <> 'admins'`),
  ],
);

/**
 * One member's thread with the portal's admins about one message: the member's read state and
 * the admins' (one shared desk), and when each side last wrote. Unread for the member: the admins
 * wrote after the member last read it; for the admins, the other way round.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => portalMessages.id, { onDelete: 'cascade' }),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    /** The member whose thread it is: the recipient, or the author of a member's message. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberReadAt: tz('member_read_at'),
    adminReadAt: tz('admin_read_at'),
    /** The member's latest text here (null: the member has not written in it). */
    memberLastAt: tz('member_last_at'),
    /** The admins' latest text here (null: only the member has written). */
    adminLastAt: tz('admin_last_at'),
    lastAt: tz('last_at').notNull(),
    replyCount: integer('reply_count').notNull().default(0),
  },
  (t) => [
    index('message_threads_user_idx').on(t.userId, t.lastAt),
    // One thread per member and message.
    uniqueIndex('message_threads_message_user_idx').on(t.messageId, t.userId),
    // A sent message's read count counts only the threads opened.
    index('message_threads_read_idx')
      .on(t.messageId)
      .where(sql`${t.memberReadAt} is not null`),
    // The admins' desk: threads a member has written in, by latest activity.
    index('message_threads_desk_idx')
      .on(t.portalId, t.lastAt)
      .where(sql`${t.memberLastAt} is not null`),
  ],
);

/** A reply in one member's thread, from the member or one of the portal's admins. */
export const messageReplies = pgTable(
  'message_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromAdmin: boolean('from_admin').notNull(),
    body: text('body').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('message_replies_thread_idx').on(t.threadId, t.createdAt)],
);
