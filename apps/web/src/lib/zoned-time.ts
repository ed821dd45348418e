import type { UserInfo } from '@fitpost/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { browserTimeZone } from './dates';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Wall-clock times in a member's time zone, and the instants they name. Schedules are stored as
 * instants; members read and type them as a date and a time in their own zone (System Settings), so
 * every conversion goes through here, where the two days a year on which clocks change are handled
 * on purpose rather than by accident.
 */

/** The user property System Settings saves the member's time zone in. */
export const timeZonePropertyName = 'timeZone';

/** A calendar date and a clock time, as typed: `YYYY-MM-DD` and `HH:mm` (24-hour). */
export interface WallTime {
  date: string;
  time: string;
}

/**
 * How a wall time mapped onto the clock:
 * - `exact`: it happens once;
 * - `skipped`: the clocks jumped over it (spring forward); the instant is that time plus the jump,
 *   e.g. 2:30 on a night when 2:00 became 3:00 means 3:30;
 * - `repeated`: it happens twice (fall back); the instant is the first of the two.
 */
export type WallTimeFit = 'exact' | 'skipped' | 'repeated';

export interface ZonedInstant {
  /** ISO 8601 in UTC (`…Z`). */
  instant: string;
  fit: WallTimeFit;
  /** The wall time the instant actually shows in the zone (differs from the input when `skipped`). */
  shown: WallTime;
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minute = 60_000;
const day = 24 * 60 * minute;

/** Is `zone` an IANA time zone this browser knows? */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The member's time zone: the one saved in System Settings, else the browser's. */
export function memberTimeZone(user: Pick<UserInfo, 'properties'> | null | undefined): string {
  const saved = user?.properties.find((property) => property.name === timeZonePropertyName)?.value;
  return saved && isTimeZone(saved) ? saved : browserTimeZone();
}

/** The zone's offset from UTC at `epochMs`, in minutes (New York in winter: -300). */
export function offsetAt(epochMs: number, zone: string): number {
  return dayjs.utc(epochMs).tz(zone).utcOffset();
}

/** The wall time `instant` shows in `zone`. */
export function toWallTime(instant: string | Date | number, zone: string): WallTime {
  const zoned = dayjs.utc(instant).tz(zone);
  return { date: zoned.format('YYYY-MM-DD'), time: zoned.format('HH:mm') };
}

/**
 * The instant a wall time in `zone` names, DST-safe. Candidates are the wall time read with the
 * zone's offset from a day before and a day after (no zone changes twice within two days); each
 * candidate that really shows that wall time is a match. Two matches: a repeated hour (the first
 * wins); none: a skipped hour, read with the offset in force before the jump, as clocks that had
 * not yet been changed would show it.
 */
export function fromWallTime(wall: WallTime, zone: string): ZonedInstant {
  const d = datePattern.exec(wall.date);
  const t = timePattern.exec(wall.time);
  if (!d || !t) throw new RangeError(`Not a date and time: ${wall.date} ${wall.time}`);
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const before = offsetAt(asUtc - day, zone);
  const after = offsetAt(asUtc + day, zone);
  const matches = [...new Set([before, after])]
    .map((offset) => asUtc - offset * minute)
    .filter((epoch) => epoch + offsetAt(epoch, zone) * minute === asUtc)
    .sort((a, b) => a - b);
  const first = matches[0];
  if (first !== undefined) {
    return {
      instant: new Date(first).toISOString(),
      fit: matches.length > 1 ? 'repeated' : 'exact',
      shown: { ...wall },
    };
  }
  const epoch = asUtc - before * minute;
  return { instant: new Date(epoch).toISOString(), fit: 'skipped', shown: toWallTime(epoch, zone) };
}

/** The zone's short name at `instant` as this locale writes it, e.g. "EDT", "GMT+1". */
export function zoneAbbreviation(zone: string, instant: string | Date | number = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(
    new Date(instant),
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

/** "UTC−04:00" for an offset in minutes (a true minus sign, as typographers write it). */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '−' : '+';
  const abs = Math.abs(offsetMinutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${hours}:${minutes}`;
}

/** How a zone is shown beside a time: "America/New York (EDT, UTC−04:00)". */
export function zoneLabel(zone: string, instant: string | Date | number = Date.now()): string {
  const epoch = new Date(instant).getTime();
  return `${zone.replaceAll('_', ' ')} (${zoneAbbreviation(zone, epoch)}, ${formatOffset(offsetAt(epoch, zone))})`;
}

/** An instant as a member reads it in their zone: "3/8/2026 3:30 AM". */
export function formatZoned(instant: string | Date | number, zone: string): string {
  return dayjs.utc(instant).tz(zone).format('M/D/YYYY h:mm A');
}

/** The instant a zoned calendar day starts (midnight, or the first minute after a skipped one). */
export function startOfZonedDay(date: string, zone: string): string {
  return fromWallTime({ date, time: '00:00' }, zone).instant;
}

/** Adds whole calendar days to a `YYYY-MM-DD` date (no time zone involved). */
export function addDays(date: string, days: number): string {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}
