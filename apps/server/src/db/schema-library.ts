import { contentTypes, feedErrorCodes, feedFetchStatuses, type HealthClaimWarning } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { media, portals, tz, users } from './schema.js';

/** PostgreSQL's full-text document type, written only by the database (content_search's triggers). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A brand of the portal's content (the Brands screen's cards). Names are unique per portal, ignoring case. */
export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logoMediaId: uuid('logo_media_id').references(() => media.id, { onDelete: 'set null' }),
    /** The brand's colour, `#rrggbb` (its cards' accent); null: none chosen. */
    colour: text('colour'),
    /** The brand's website (http or https); null: none. */
    website: text('website'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('brands_portal_name_idx').on(t.portalId, sql`lower(${t.name})`)],
);

/**
 * A content feed (spec §3). A system feed belongs to no member (`user_id` null, shown as the
 * all-zero id) and is read for the whole portal; a member's feed only for that member.
 */
export const feeds = pgTable(
  'feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    isSystem: boolean('is_system').notNull().default(false),
    name: text('name').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    thumbnailUrl: text('thumbnail_url').notNull().default(''),
    /** Conditional GET: what the server sent last time. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastFetchedAt: tz('last_fetched_at'),
    lastStatus: text('last_status', { enum: feedFetchStatuses }),
    lastErrorCode: text('last_error_code', { enum: feedErrorCodes }),
    lastError: text('last_error'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('feeds_portal_user_idx').on(t.portalId, t.userId),
    check('feeds_system_owner_check', sql`${t.isSystem} = (${t.userId} is null)`),
  ],
);

/**
 * One content card: made by an admin (`library`) or imported from a feed (`feed`). An item of a
 * member's own feed is private to them (`owner_id`); everything else is the portal's.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    type: text('type', { enum: contentTypes }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** The graphic (library items): a media row shared with the portal (`media.library`). */
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    /** A feed item's own picture address; browsers get it through the image proxy (feeds/image-proxy.ts). */
    imageUrl: text('image_url'),
    link: text('link'),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    feedId: uuid('feed_id').references(() => feeds.id, { onDelete: 'cascade' }),
    /** The feed item's guid (or link): one content item per feed item, however often it is fetched. */
    feedGuid: text('feed_guid'),
    /** Set for items of a member's own feed: only they see it. Null: the whole portal. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    activeFrom: tz('active_from'),
    activeUntil: tz('active_until'),
    recommended: boolean('recommended').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: tz('published_at').notNull().defaultNow(),
    /** Names of the item's searchable tags, space-separated; kept by the library service. */
    tagNames: text('tag_names').notNull().default(''),
    /** The health claims of its body when last saved (issue 30); the admin's list filters on it. */
    claimWarnings: jsonb('claim_warnings').$type<HealthClaimWarning[]>().notNull().default([]),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Browsing reads pages off this index in its order (published_at desc nulls last, id), and it
    // carries the visibility, window and filter columns, so counting a portal's matches and
    // filtering by brand, type, feed or recommended never touch the wide rows (index-only scans).
    index('content_items_browse_idx').on(
      t.portalId,
      t.publishedAt.desc(),
      t.id,
      t.ownerId,
      t.activeFrom,
      t.activeUntil,
      t.brandId,
      t.type,
      t.recommended,
      t.feedId,
    ),
    // Counting a search without a keyword (modules/library/search-where.ts): the items open to
    // everyone at any time, then the rest, each index-only and a fraction of the browse index.
    index('content_items_open_idx')
      .on(t.portalId, t.recommended, t.type, t.brandId, t.feedId, t.id)
      .where(sql`${t.ownerId} is null and ${t.activeFrom} is null and ${t.activeUntil} is null`),
    index('content_items_restricted_idx')
      .on(
        t.portalId,
        t.ownerId,
        t.activeFrom,
        t.activeUntil,
        t.recommended,
        t.type,
        t.brandId,
        t.feedId,
        t.id,
      )
      .where(sql`not (${t.ownerId} is null and ${t.activeFrom} is null and ${t.activeUntil} is null)`),
    index('content_items_portal_brand_idx').on(t.portalId, t.brandId, t.publishedAt.desc()),
    index('content_items_portal_title_idx').on(t.portalId, t.title),
    uniqueIndex('content_items_feed_guid_idx').on(t.feedId, t.feedGuid),
    index('content_items_owner_idx').on(t.ownerId),
  ],
);

/**
 * What a keyword search reads, one narrow row per content item: its words (title, searchable tag
 * names and caption, stemmed in English, without positions) and the columns every search filters
 * on. Written only by the database (triggers on `content_items`, migration 0027), so every
 * writer of `content_items` — API, feed import, seed, benchmark — keeps it right. Counting a
 * common word's matches reads these rows instead of the wide items (a third of the pages).
 */
export const contentSearch = pgTable(
  'content_search',
  {
    contentId: uuid('content_id')
      .primaryKey()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    portalId: integer('portal_id').notNull(),
    ownerId: uuid('owner_id'),
    type: text('type', { enum: contentTypes }).notNull(),
    brandId: uuid('brand_id'),
    feedId: uuid('feed_id'),
    activeFrom: tz('active_from'),
    activeUntil: tz('active_until'),
    recommended: boolean('recommended').notNull(),
    publishedAt: tz('published_at').notNull(),
    /** The caption has health-claim warnings (`content_items.claim_warnings` is not empty). */
    hasWarnings: boolean('has_warnings').notNull(),
    /** Every word: title, searchable tag names and caption. */
    words: tsvector('words').notNull(),
    /** The heading's words, title and searchable tag names: a ranked search puts items matching every word here first. */
    heading: tsvector('heading').notNull(),
  },
  (t) => [
    index('content_search_words_idx').using('gin', t.words),
    // Finds the few heading matches of a search whose newest matches hold too few (relevance.ts).
    index('content_search_heading_idx').using('gin', t.heading),
    // A keyword's matches newest first: Browse Library's order, so a common word's first page and
    // a ranked page's window are read straight off it.
    index('content_search_newest_idx').on(t.portalId, t.publishedAt.desc().nullsLast(), t.contentId),
    // A brand narrows a keyword search before the words do (Browse Library's brand filter).
    index('content_search_brand_idx').on(t.portalId, t.brandId),
  ],
);

/** Tags; members see and filter by searchable ones only. Names are unique per portal, ignoring case. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    name: text('name').notNull(),
    searchable: boolean('searchable').notNull().default(true),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_portal_name_idx').on(t.portalId, sql`lower(${t.name})`)],
);

export const contentTags = pgTable(
  'content_tags',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.tagId] }),
    index('content_tags_tag_idx').on(t.tagId, t.contentId),
  ],
);

/** A member's (or admin's) favourite content items. */
export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: uuid('content_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId] }),
    index('favorites_content_idx').on(t.contentId),
    index('favorites_user_created_idx').on(t.userId, t.createdAt),
  ],
);
