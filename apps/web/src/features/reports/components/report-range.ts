import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The last 30 days up to today in `zone` (the reports' default range). */
export function lastThirtyDays(zone: string): { from: string; to: string } {
  const today = dayjs().tz(zone);
  return { from: today.subtract(29, 'day').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
}
