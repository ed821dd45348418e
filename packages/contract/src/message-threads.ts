import { z } from 'zod';
import { pageQuery, pagedOf, positiveInteger, text, uuid } from './common.js';
import { formatCount } from './constants.js';

/**
 * Messages between a portal's admins and its members (issue 12; docs/architecture.md §7). A
 * *message* is what someone composed: a subject, one body and an audience. Every member it reaches
 * has a *thread* of their own with the portal's admins: the message, then the replies between that
 * member and the admins, with the member's read state. A member's own message goes to the portal's
 * admins and opens one thread. Replies never reach the other recipients of a message to many.
 *
 * (The spec's user-facing words — 'Compose', 'Reply', 'Send Reply' — are in `messages.ts`; its paths
 * are `messageApi`, in api-paths.ts.)
 */
export const messageLimits = {
  subjectMaxLength: 200,
  /** A body is plain text; links are made clickable when shown. */
  bodyMaxLength: 10_000,
  /** Roles or chosen members one message may name. */
  rolesMax: 20,
  usersMax: 1000,
  /** A list item's preview of the latest text. */
  previewLength: 140,
} as const;

/** The words of messages, kept once: the server's refusals and every screen's labels. */
export const messageTexts = {
  tab: 'Messages',
  subjectRequired: 'Please write a subject',
  bodyRequired: 'Please write a message',
  tooLong: (max: number) => `Please keep it under ${formatCount(max)} characters`,
  memberNamesRecipients: "Members write to the portal's admins: leave out 'to'",
  adminNamesRecipients: 'Choose who receives the message',
  unknownRoles: 'Choose roles from the list',
  unknownUsers: 'Some of the chosen members are not in this portal',
  noRecipients: 'Nobody receives this message: no member of the portal matches',
  notFound: 'Message',
  sentNoReply: "Answer a sent message in each member's thread",
  toAdmins: "The portal's admins",
  toAll: 'All members',
  toRoles: (names: readonly string[]) => `Holders of ${names.join(', ')}`,
  toUsers: (n: number) => (n === 1 ? '1 chosen member' : `${formatCount(n)} chosen members`),
  inbox: 'Inbox',
  sent: 'Sent',
  empty: 'No messages yet',
  emptySent: 'Nothing sent yet',
  sentToast: 'Message sent',
  replySentToast: 'Reply sent',
  readBy: (read: number, total: number) => `Read by ${formatCount(read)} of ${formatCount(total)}`,
} as const;

const messageFolders = ['inbox', 'sent'] as const;
const messageFolder = z.enum(messageFolders);
export type MessageFolder = z.infer<typeof messageFolder>;

export const messageListQuery = pageQuery.extend({ folder: messageFolder.default('inbox') });
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const messageParams = z.object({ id: uuid });

const body = text
  .trim()
  .min(1, messageTexts.bodyRequired)
  .max(messageLimits.bodyMaxLength, messageTexts.tooLong(messageLimits.bodyMaxLength));

/** Who an admin's message reaches: every member of the portal, the holders of some roles, or chosen members. */
const messageRecipients = z.union([
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({
    roleIds: z.array(positiveInteger).min(1, messageTexts.unknownRoles).max(messageLimits.rolesMax),
  }),
  z.strictObject({
    userIds: z.array(uuid).min(1, messageTexts.adminNamesRecipients).max(messageLimits.usersMax),
  }),
]);
export type MessageRecipients = z.infer<typeof messageRecipients>;

/** POST /api/message. A member leaves out `to` (their message goes to the portal's admins); an admin names it. */
export const messageCompose = z.object({
  subject: text
    .trim()
    .min(1, messageTexts.subjectRequired)
    .max(messageLimits.subjectMaxLength, messageTexts.tooLong(messageLimits.subjectMaxLength)),
  body,
  to: messageRecipients.optional(),
});
export type MessageCompose = z.input<typeof messageCompose>;

/** POST /api/message/{id}/reply. */
export const messageReply = z.object({ body });

const messagePerson = z.object({ id: uuid, fullName: z.string() });

/** What was sent and how many of its recipients opened it (admins only; null for members). */
const delivery = {
  recipientCount: z.number().int().nullable(),
  readCount: z.number().int().nullable(),
};

/**
 * One line of a list. In the inbox: a thread (`kind: 'thread'`, id = the thread's). In an admin's
 * sent folder: a message to many (`kind: 'sent'`, id = the message's) with its read count.
 */
const messageSummary = z
  .object({
    id: uuid,
    kind: z.enum(['thread', 'sent']),
    subject: z.string(),
    /** The start of the latest text. */
    preview: z.string(),
    /** Who wrote the message that began it. */
    author: messagePerson,
    /** The member whose thread it is (null for a sent message). */
    member: messagePerson.nullable(),
    /** Who it was sent to, in words. */
    to: z.string(),
    lastAt: z.iso.datetime(),
    unread: z.boolean(),
    replyCount: z.number().int(),
    ...delivery,
  })
  .meta({ id: 'MessageSummary' });
export type MessageSummary = z.infer<typeof messageSummary>;

export const messageList = pagedOf(messageSummary)
  .extend({ unread: z.number().int() })
  .meta({ id: 'MessageList' });
export type MessageList = z.infer<typeof messageList>;

/** One text in a thread: the message that began it, then each reply. */
export const messageItem = z
  .object({
    id: uuid,
    author: messagePerson,
    /** Written on the admins' side of the thread. */
    fromAdmin: z.boolean(),
    /** Plain text: shown as text, never as HTML. */
    body: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'MessageItem' });
export type MessageItem = z.infer<typeof messageItem>;

export const messageThread = z
  .object({
    id: uuid,
    kind: z.enum(['thread', 'sent']),
    subject: z.string(),
    to: z.string(),
    member: messagePerson.nullable(),
    createdAt: z.iso.datetime(),
    /** The caller may answer here (a thread, not a message to many). */
    canReply: z.boolean(),
    items: z.array(messageItem),
    ...delivery,
  })
  .meta({ id: 'MessageThread' });
export type MessageThread = z.infer<typeof messageThread>;

/** 201 of POST /api/message: the member's new thread, or the admin's sent message, and how many it reached. */
export const messageSent = z.object({
  id: uuid,
  kind: z.enum(['thread', 'sent']),
  recipientCount: z.number().int(),
});
export type MessageSent = z.infer<typeof messageSent>;

/** GET /api/message/unread: what the bell counts. */
export const unreadCounts = z
  .object({ notifications: z.number().int(), messages: z.number().int() })
  .meta({ id: 'UnreadCounts' });
export type UnreadCounts = z.infer<typeof unreadCounts>;
