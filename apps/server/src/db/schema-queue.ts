import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.js';

/**
 * A member's weekly posting-queue slots: a weekday (1 Monday … 7 Sunday) and a clock time `HH:mm`,
 * read in the member's time zone. No rows: the member uses FitPost's suggested slots.
 */
export const queueSlots = pgTable(
  'queue_slots',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    time: text('time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.weekday, t.time] }),
    check('queue_slots_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('queue_slots_time_check', sql`${t.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);
