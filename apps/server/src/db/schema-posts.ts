import { networks, targetStatuses } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { autoPosts } from './schema-autopost.js';
import { contentItems } from './schema-library.js';
import { portals, socialConnections, tz, users } from './schema.js';

/** What the member wrote, and when it should go out (architecture §5: post). */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    mediaId: uuid('media_id'),
    link: text('link'),
    /** The library item it was made from, if any (the content card's Scheduled / Posted labels). */
    contentId: uuid('content_id').references(() => contentItems.id, { onDelete: 'set null' }),
    /** Set on the member's post a fan-out made from an Auto-Post: one per member and Auto-Post. */
    autoPostId: uuid('auto_post_id').references(() => autoPosts.id, { onDelete: 'cascade' }),
    scheduledAt: tz('scheduled_at'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** A draft's chosen accounts (a draft has no targets yet); empty once it is scheduled. */
    draftConnectionIds: uuid('draft_connection_ids').array().notNull().default([]),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('posts_user_scheduled_idx').on(t.userId, t.scheduledAt),
    index('posts_user_content_idx').on(t.userId, t.contentId),
    // What post_targets' copy of the post's portal and member refers to (below).
    uniqueIndex('posts_id_portal_user_idx').on(t.id, t.portalId, t.userId),
    uniqueIndex('posts_auto_post_user_idx')
      .on(t.autoPostId, t.userId)
      .where(sql`${t.autoPostId} is not null`),
  ],
);

/**
 * One post on one connected account, with its own state machine:
 * scheduled → publishing → published | failed | needs_reconnect | unknown, plus canceled.
 * `version` changes whenever the schedule does, so a job for an older schedule finds nothing to do.
 */
export const postTargets = pgTable(
  'post_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /**
     * The post's portal and member, copied so reports read a portal's targets in a range straight off
     * an index instead of joining a month of targets to their posts. A foreign key to the post's
     * (id, portal_id, user_id) keeps the copy right: a target with other values cannot be written, and
     * a change of the post's owner reaches its targets (on update cascade).
     */
    portalId: integer('portal_id').notNull(),
    userId: uuid('user_id').notNull(),
    /**
     * The post's library item and whether the post came from an Auto-Post, copied so Top Content and
     * Top Tags count a month of targets per item off an index instead of joining them to every post
     * ever made from the library. Written by the database, not by the code: a trigger fills them as
     * a target is inserted and another carries a change of the post's item to its targets (migration
     * 0020, `post_targets_copy_post` and `posts_copy_to_targets`).
     */
    contentId: uuid('content_id'),
    fromAutoPost: boolean('from_auto_post').notNull().default(false),
    connectionId: uuid('connection_id').references(() => socialConnections.id, { onDelete: 'set null' }),
    network: text('network', { enum: networks }).notNull(),
    accountName: text('account_name').notNull(),
    /** The text for this account when it differs from the post's (an Auto-Post's X variant). */
    bodyOverride: text('body_override'),
    /** The link for this account when it differs from the post's (an Auto-Post's UTM-tagged link). */
    linkOverride: text('link_override'),
    status: text('status', { enum: targetStatuses }).notNull().default('scheduled'),
    version: integer('version').notNull().default(1),
    dueAt: tz('due_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    startedAt: tz('started_at'),
    error: text('error'),
    remoteId: text('remote_id'),
    remoteUrl: text('remote_url'),
    publishedAt: tz('published_at'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'post_targets_post_portal_user_fk',
      columns: [t.postId, t.portalId, t.userId],
      foreignColumns: [posts.id, posts.portalId, posts.userId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // What post_metrics' copy of a target's portal, member, network and time refers to.
    uniqueIndex('post_targets_id_copy_idx').on(t.id, t.portalId, t.userId, t.network, t.publishedAt),
    index('post_targets_post_idx').on(t.postId),
    index('post_targets_status_due_idx').on(t.status, t.dueAt),
    // Reports read a portal's targets due in a range, whatever their status (Basic Stats), and Posts
    // Detail pages them latest first (its order, `desc nulls last`, read straight off this index).
    // Status and network ride along so Basic Stats and Posts Detail count a month off the index alone.
    index('post_targets_portal_due_idx').on(t.portalId, t.dueAt.desc().nullsLast(), t.status, t.network),
    // The metrics job enrols newly published targets.
    index('post_targets_published_idx')
      .on(t.publishedAt)
      .where(sql`${t.status} = 'published'`),
    // Reports read a portal's published targets by time, and count them by network, member or post
    // (and join their figures by id) off the index alone (index-only); Inactive Users reads a member's latest.
    index('post_targets_portal_published_idx')
      .on(t.portalId, t.publishedAt, t.network, t.userId, t.postId, t.id)
      .where(sql`${t.status} = 'published'`),
    // Top Content and Top Tags: a portal's published targets of library items by time, with the item
    // and the Auto-Post flag (and the id, to join their figures), off the index alone.
    index('post_targets_portal_content_idx')
      .on(t.portalId, t.publishedAt, t.contentId, t.fromAutoPost, t.id)
      .where(sql`${t.status} = 'published' and ${t.contentId} is not null`),
    index('post_targets_user_published_idx')
      .on(t.userId, t.publishedAt)
      .where(sql`${t.status} = 'published'`),
  ],
);

/** Until when a network or one account must not be called (rate limits), shared by every worker. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  blockedUntil: tz('blocked_until').notNull(),
});
