import {
  autoPostStatuses,
  networks,
  recordedAutoPostChoices,
  type HealthClaimWarning,
} from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { contentItems } from './schema-library.js';
import { media, portals, tz, users } from './schema.js';

/**
 * An Auto-Post (architecture §5): scheduled once by an admin, published at `scheduled_at` to the
 * opted-in accounts of every member of the portal. `version` changes with every edit, so a fan-out
 * job for an older version finds nothing to do. The fan-out's progress (its keyset cursor over
 * members and its counters) is written in the same transactions as the targets it creates, so a
 * crashed fan-out resumes where it stopped and never creates a second target.
 */
export const autoPosts = pgTable(
  'auto_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    contentId: uuid('content_id').references(() => contentItems.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    link: text('link'),
    networks: text('networks', { enum: networks }).array().notNull(),
    xVariants: jsonb('x_variants').$type<string[]>().notNull().default([]),
    xSpreadMinutes: integer('x_spread_minutes').notNull().default(0),
    /** Tag the link with UTM parameters per member and network (issue 15). */
    utm: boolean('utm').notNull().default(false),
    scheduledAt: tz('scheduled_at').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    status: text('status', { enum: autoPostStatuses }).notNull().default('scheduled'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fanoutStartedAt: tz('fanout_started_at'),
    fanoutFinishedAt: tz('fanout_finished_at'),
    /** The last member (by id) the fan-out has handled. */
    fanoutCursor: uuid('fanout_cursor'),
    membersReached: integer('members_reached').notNull().default(0),
    skippedAccounts: integer('skipped_accounts').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /** The health claims of its texts, merge fields filled, when last saved (issue 30). */
    claimWarnings: jsonb('claim_warnings').$type<HealthClaimWarning[]>().notNull().default([]),
    /** Who checked those claims and when; the name as it was then. */
    claimsAcknowledgedAt: tz('claims_acknowledged_at'),
    claimsAcknowledgedBy: uuid('claims_acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    claimsAcknowledgedByName: text('claims_acknowledged_by_name'),
  },
  (t) => [
    index('auto_posts_portal_scheduled_idx').on(t.portalId, t.scheduledAt),
    check('auto_posts_spread_check', sql`${t.xSpreadMinutes} >= 0`),
  ],
);

/**
 * A member's choice for one Auto-Post: `skip` it, or `custom` (it became their own post,
 * `post_id`, which the fan-out then leaves alone). No row means "Auto-Post as scheduled".
 */
export const autoPostMemberChoices = pgTable(
  'auto_post_choices',
  {
    autoPostId: uuid('auto_post_id')
      .notNull()
      .references(() => autoPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    choice: text('choice', { enum: recordedAutoPostChoices }).notNull(),
    /** The member's own post made from this occurrence (no FK: posts live in schema-posts). */
    postId: uuid('post_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.autoPostId, t.userId] })],
);
