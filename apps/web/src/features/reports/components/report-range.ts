import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A report's days, YYYY-MM-DD, read in the admin's (or member's) zone. */
export interface DayRange {
  from: string;
  to: string;
}

const day = (d: Dayjs) => d.format('YYYY-MM-DD');

export interface RangePreset {
  label: string;
  range: (zone: string) => DayRange;
}

/** Periods a report offers with one click: those that look back, and (Upcoming Posts) those ahead. */
export const rangePresets: Record<'past' | 'ahead', RangePreset[]> = {
  past: [
    { label: 'Last 7 days', range: (zone) => lastDays(zone, 7) },
    { label: 'Last 30 days', range: (zone) => lastDays(zone, 30) },
    {
      label: 'This month',
      range: (zone) => {
        const today = dayjs().tz(zone);
        return { from: day(today.startOf('month')), to: day(today) };
      },
    },
    {
      label: 'Last month',
      range: (zone) => {
        const last = dayjs().tz(zone).subtract(1, 'month');
        return { from: day(last.startOf('month')), to: day(last.endOf('month')) };
      },
    },
  ],
  ahead: [
    { label: 'Next 7 days', range: (zone) => nextDays(zone, 7) },
    { label: 'Next 30 days', range: (zone) => nextDays(zone, 30) },
    {
      label: 'This month',
      range: (zone) => {
        const today = dayjs().tz(zone);
        return { from: day(today), to: day(today.endOf('month')) };
      },
    },
    {
      label: 'Next month',
      range: (zone) => {
        const next = dayjs().tz(zone).add(1, 'month');
        return { from: day(next.startOf('month')), to: day(next.endOf('month')) };
      },
    },
  ],
};

/** The last `days` days up to today in `zone`. */
function lastDays(zone: string, days: number): DayRange {
  const today = dayjs().tz(zone);
  return { from: day(today.subtract(days - 1, 'day')), to: day(today) };
}

/** Today and the `days` - 1 days after it in `zone`. */
function nextDays(zone: string, days: number): DayRange {
  const today = dayjs().tz(zone);
  return { from: day(today), to: day(today.add(days - 1, 'day')) };
}

/** The last 30 days up to today in `zone` (the reports' default range). */
export function lastThirtyDays(zone: string): DayRange {
  return lastDays(zone, 30);
}

/** Today and the next 29 days in `zone` (Upcoming Posts' default range, as the server's). */
export function nextThirtyDays(zone: string): DayRange {
  return nextDays(zone, 30);
}
