import { networks } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { postTargets } from './schema-posts.js';
import { portals, tz } from './schema.js';

/**
 * The latest figures of each published target and when to ask its network again (architecture §8).
 * A figure the network does not tell stays null, never 0. `nextFetchAt` null: the 30 days are over.
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
    network: text('network', { enum: networks }).notNull(),
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
