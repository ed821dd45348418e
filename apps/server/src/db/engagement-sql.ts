import { sql, type SQL } from 'drizzle-orm';

/**
 * A published post's engagement as the contract defines it (`queue-suggestions.ts`), over a row of
 * `post_metrics` aliased `m`: likes + comments + shares + link clicks, a figure the network does not
 * give counting 0. The posting-time suggestions and the Best Times report both read it.
 */
export const postEngagement = sql`(coalesce(m.likes, 0) + coalesce(m.comments, 0) + coalesce(m.shares, 0) + coalesce(m.clicks, 0))::float8`;

/** The row has figures: the network gave at least one of the four (else the post is not counted). */
export const hasEngagementFigures = sql`(m.likes is not null or m.comments is not null or m.shares is not null or m.clicks is not null)`;

/** The weekday (1 Monday … 7 Sunday) and hour of `m.published_at` on the clocks of `zone` (DST-safe). */
export const localWeekday = (zone: string): SQL =>
  sql`extract(isodow from m.published_at at time zone ${zone})::int`;
export const localHour = (zone: string): SQL =>
  sql`extract(hour from m.published_at at time zone ${zone})::int`;
