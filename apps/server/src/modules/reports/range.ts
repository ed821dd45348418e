import { addDays, reportLimits, toWallTime } from '@fitpost/contract';
import { sql, type SQL } from 'drizzle-orm';

/** A report's days, read in one time zone, and the SQL instants they start and end at. */
export interface ReportRange {
  from: string;
  to: string;
  timeZone: string;
  days: number;
  /** Local midnight starting `from`, and the one after `to` (so a DST day is 23 or 25 hours long). */
  start: SQL;
  end: SQL;
  /** The same number of days just before. */
  previous: { from: string; to: string; start: SQL; end: SQL };
}

const DAY = 86_400_000;

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export const todayIn = (timeZone: string, now = new Date()): string => toWallTime(now, timeZone).date;

/** Local midnight at the start of `day` in `timeZone`, computed by the database (tz database rules). */
const localMidnight = (day: string, timeZone: string) =>
  sql`((${day})::date::timestamp at time zone ${timeZone})`;

/**
 * [from, to] in `timeZone`; by default the last 30 days up to today, or, for a report that looks
 * ahead (`ahead`: Upcoming Posts), today and the `ahead` - 1 days after it.
 */
export function reportRange(
  q: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now = new Date(),
  ahead?: number,
): ReportRange {
  const length = ahead ?? reportLimits.defaultDays;
  const defaultTo = ahead ? addDays(todayIn(timeZone, now), length - 1) : todayIn(timeZone, now);
  const to = q.to ?? (q.from ? addDays(q.from, length - 1) : defaultTo);
  const from = q.from ?? addDays(to, -(length - 1));
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(from, -days);
  return {
    from,
    to,
    timeZone,
    days,
    start: localMidnight(from, timeZone),
    end: localMidnight(addDays(to, 1), timeZone),
    previous: {
      from: previousFrom,
      to: previousTo,
      start: localMidnight(previousFrom, timeZone),
      end: localMidnight(from, timeZone),
    },
  };
}
