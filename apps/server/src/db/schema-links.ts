import { networks } from '@fitpost/contract';
import { customType, index, integer, pgTable, primaryKey, text, uuid, date } from 'drizzle-orm/pg-core';
import { portals, tz, users } from './schema.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * FitPost's short links (issue 30): one per post target that went out with a link, written as the
 * target is sent. The destination and what the post said are copied here, so the link keeps working
 * and its clicks keep their post after the post is edited or deleted (no key to posts or targets).
 */
export const shortLinks = pgTable(
  'short_links',
  {
    code: text('code').primaryKey(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').notNull(),
    targetId: uuid('target_id').notNull().unique('short_links_target_idx'),
    /** The post's library item, if any (Top Content's clicks). */
    contentId: uuid('content_id'),
    network: text('network', { enum: networks }).notNull(),
    accountName: text('account_name').notNull(),
    /** The post's text as it went out (its first 280 characters), for reports and My Results. */
    text: text('text').notNull(),
    /** Where the link leads: the post's link with its UTM tags, fixed when the post was published. */
    destination: text('destination').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('short_links_portal_idx').on(t.portalId), index('short_links_user_idx').on(t.userId)],
);

/** Counts per link and hour (UTC), added to by the click recorder's batches. */
export const shortLinkClicks = pgTable(
  'short_link_clicks',
  {
    code: text('code')
      .notNull()
      .references(() => shortLinks.code, { onDelete: 'cascade' }),
    hour: tz('hour').notNull(),
    clicks: integer('clicks').notNull().default(0),
    uniqueClicks: integer('unique_clicks').notNull().default(0),
    previews: integer('previews').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'short_link_clicks_pk', columns: [t.code, t.hour] })],
);

/** Today's visitors per link: a salted hash of address and user agent, kept only for the day its salt lives. */
export const shortLinkVisitors = pgTable(
  'short_link_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    code: text('code').notNull(),
    visitor: bytea('visitor').notNull(),
  },
  (t) => [primaryKey({ name: 'short_link_visitors_pk', columns: [t.day, t.code, t.visitor] })],
);

/** The day's random salt for visitor hashes; the previous days' are deleted, so no hash can be linked across days. */
export const shortLinkSalts = pgTable('short_link_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: bytea('salt').notNull(),
});
