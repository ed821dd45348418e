import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { portals, tz } from './schema.js';

/**
 * A portal's announcements (spec §3): `body` is HTML the server sanitised on write; members see
 * an active one (isActive, inside its optional start/end window) once per cookie window.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    body: text('body').notNull(),
    url: text('url'),
    urlText: text('url_text'),
    isRecurring: boolean('is_recurring').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    startDate: tz('start_date'),
    endDate: tz('end_date'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('announcements_portal_created_idx').on(t.portalId, t.createdAt)],
);
