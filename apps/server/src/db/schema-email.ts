import { emailKinds } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tz, users } from './schema.js';

/**
 * One email's words, written once however many members receive it (a message to a whole portal is
 * one row here and one `email_outbox` row per recipient).
 */
export const emailContents = pgTable('email_contents', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: emailKinds }).notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** Where the email sends the member in FitPost: a path under FITPOST_PUBLIC_URL. */
  link: text('link').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

const emailStatuses = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;

/**
 * The email outbox (modules/email): one row per recipient of an email, written in the transaction
 * of the notification or message it carries, with its job. The row is the idempotency key: a
 * worker claims it (`pending → sending`) before talking to the SMTP server and marks it `sent`
 * after; see docs/architecture.md §18 for what a crash in between means.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => emailContents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: emailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A pending row is not sent before this (backoff after a refused attempt). */
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    /** When a worker claimed it: a `sending` row older than the lease belongs to a dead worker. */
    claimedAt: tz('claimed_at'),
    sentAt: tz('sent_at'),
    error: text('error'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One email per recipient of each content, whatever retries or races happen.
    uniqueIndex('email_outbox_content_user_idx').on(t.contentId, t.userId),
    // The sweep looks only at rows still to send.
    index('email_outbox_open_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);

/** Kinds of email a member turned off (System Settings or an unsubscribe link); absent means on. */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: emailKinds }).notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
