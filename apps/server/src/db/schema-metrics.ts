import { networks } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import { bigserial, foreignKey, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { postTargets } from './schema-posts.js';
import { portals, tz } from './schema.js';

/**
 * The latest figures of each published target and when to ask its network again (architecture §15).
 * A figure the network does not tell stays null, never 0. `nextFetchAt` null: the 30 days are over.
 * The target's portal, member, network and publishing time are copied here so reports sum a portal's
 * engagement over a range straight off `post_metrics_portal_published_idx` (architecture §17); the
 * foreign key to the target's same columns keeps the copy right (a row that differs cannot be
 * written, and a change of the post's owner reaches it through the targets' own cascade).
 */
export const postMetrics = pgTable(
  'post_metrics',
  {
    targetId: uuid('target_id')
      .primaryKey()
      .references(() => postTargets.id, { onDelete: 'cascade' }),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    userId: uuid('user_id').notNull(),
    network: text('network', { enum: networks }).notNull(),
    publishedAt: tz('published_at').notNull(),
    impressions: integer('impressions'),
    likes: integer('likes'),
    comments: integer('comments'),
    shares: integer('shares'),
    clicks: integer('clicks'),
    /** When the network last answered for this post; null until it first has. */
    fetchedAt: tz('fetched_at'),
    nextFetchAt: tz('next_fetch_at'),
    /** Fetches made, answered or not (the schedule and the tests read it). */
    fetches: integer('fetches').notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'post_metrics_target_copy_fk',
      columns: [t.targetId, t.portalId, t.userId, t.network, t.publishedAt],
      foreignColumns: [
        postTargets.id,
        postTargets.portalId,
        postTargets.userId,
        postTargets.network,
        postTargets.publishedAt,
      ],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // Every column a report reads, so a portal's month of engagement is one index-only range.
    index('post_metrics_portal_published_idx').on(
      t.portalId,
      t.publishedAt,
      t.network,
      t.userId,
      t.targetId,
      t.impressions,
      t.likes,
      t.comments,
      t.shares,
      t.clicks,
    ),
    index('post_metrics_next_fetch_idx')
      .on(t.nextFetchAt)
      .where(sql`${t.nextFetchAt} is not null`),
  ],
);

/** Every answer the metrics job got, kept as a history per target (engagement over time). */
export const postMetricSnapshots = pgTable(
  'post_metric_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    targetId: uuid('target_id')
      .notNull()
      .references(() => postTargets.id, { onDelete: 'cascade' }),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    takenAt: tz('taken_at').notNull(),
    impressions: integer('impressions'),
    likes: integer('likes'),
    comments: integer('comments'),
    shares: integer('shares'),
    clicks: integer('clicks'),
  },
  (t) => [index('post_metric_snapshots_target_idx').on(t.targetId, t.takenAt)],
);
