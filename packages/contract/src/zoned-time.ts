/**
 * Wall-clock times in a time zone and the instants they name, for the server (queue slots) and the
 * web app alike. Schedules are stored as instants; members read and type them as a date and a time
 * in their own zone, so every conversion goes through here, where the two days a year on which
 * clocks change are handled on purpose rather than by accident.
 *
 * Only Intl is used (no date library): the web app's dashboard, the first screen, shows zoned times
 * within a 250 KB gzip JavaScript budget, and every screen shows them the same way.
 */

const knownZones = new Map<string, boolean>();

/** Whether `name` is an IANA time zone name (`Europe/London`, `UTC`) this runtime knows; offsets are not names. */
export function isTimeZoneName(name: string): boolean {
  const known = knownZones.get(name);
  if (known !== undefined) return known;
  let valid = /^[A-Za-z][\w+-]*(?:\/[\w+-]+)*$/.test(name);
  if (valid) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
    } catch {
      valid = false;
    }
  }
  if (knownZones.size < 1000) knownZones.set(name, valid);
  return valid;
}

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
type WallTimeFit = 'exact' | 'skipped' | 'repeated';

export interface ZonedInstant {
  /** ISO 8601 in UTC (`…Z`). */
  instant: string;
  fit: WallTimeFit;
  /** The wall time the instant actually shows in the zone (differs from the input when `skipped`). */
  shown: WallTime;
}

/** An instant as ISO 8601 text, a Date, or milliseconds since 1970. */
export type Instant = string | Date | number;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minute = 60_000;
const day = 24 * 60 * minute;

// Building an Intl.DateTimeFormat costs far more than using one; a calendar month formats hundreds
// of times in one zone, so each zone's formatters are made once.
const fieldsFormats = new Map<string, Intl.DateTimeFormat>();
const nameFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options });
    cache.set(zone, format);
  }
  return format;
}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The calendar fields `epochMs` shows in `zone` (24-hour clock). */
function fieldsAt(epochMs: number, zone: string): Fields {
  const parts = cached(fieldsFormats, zone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(epochMs);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
  };
}

function toEpoch(instant: Instant): number {
  return instant instanceof Date
    ? instant.getTime()
    : typeof instant === 'number'
      ? instant
      : Date.parse(instant);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The zone's offset from UTC at `epochMs`, in minutes (New York in winter: -300). */
export function offsetAt(epochMs: number, zone: string): number {
  const f = fieldsAt(epochMs, zone);
  const shown = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return Math.round((shown - Math.floor(epochMs / 1000) * 1000) / minute);
}

/** The wall time `instant` shows in `zone`. */
export function toWallTime(instant: Instant, zone: string): WallTime {
  const f = fieldsAt(toEpoch(instant), zone);
  return { date: `${f.year}-${pad(f.month)}-${pad(f.day)}`, time: `${pad(f.hour)}:${pad(f.minute)}` };
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
export function zoneAbbreviation(zone: string, instant: Instant = Date.now()): string {
  const parts = cached(nameFormats, zone, { timeZoneName: 'short' }).formatToParts(toEpoch(instant));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

/** "UTC−04:00" for an offset in minutes (a true minus sign, as typographers write it). */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '−' : '+';
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** How a zone is shown beside a time: "America/New York (EDT, UTC−04:00)". */
export function zoneLabel(zone: string, instant: Instant = Date.now()): string {
  const epoch = toEpoch(instant);
  return `${zone.replaceAll('_', ' ')} (${zoneAbbreviation(zone, epoch)}, ${formatOffset(offsetAt(epoch, zone))})`;
}

/** A clock time as members read it: "9:05 AM" for `09:05`, "12:00 AM" for `00:00`. */
export function formatClock(time: string): string {
  const t = timePattern.exec(time);
  if (!t) throw new RangeError(`Not a 24-hour time: ${time}`);
  const hour = Number(t[1]);
  return `${hour % 12 || 12}:${t[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * An instant as every screen shows it to a member: the product's M/D/YYYY date, the clock time and
 * the zone's short name at that instant — "3/8/2026 3:30 AM EDT" — so a time never leaves its zone
 * unsaid (the member's zone may not be the device's).
 */
export function formatZoned(instant: Instant, zone: string): string {
  const epoch = toEpoch(instant);
  const f = fieldsAt(epoch, zone);
  return `${f.month}/${f.day}/${f.year} ${formatClock(`${pad(f.hour)}:${pad(f.minute)}`)} ${zoneAbbreviation(zone, epoch)}`;
}

/** The instant a zoned calendar day starts (midnight, or the first minute after a skipped one). */
export function startOfZonedDay(date: string, zone: string): string {
  return fromWallTime({ date, time: '00:00' }, zone).instant;
}

/** The instant the month holding `now` began in `zone`: the start of the 1st there (ISO, UTC). */
export function startOfZonedMonth(zone: string, now: Instant = Date.now()): string {
  const { date } = toWallTime(now, zone);
  return startOfZonedDay(`${date.slice(0, 8)}01`, zone);
}

/** Adds whole calendar days to a `YYYY-MM-DD` date (no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = datePattern.exec(date);
  if (!d) throw new RangeError(`Not a date: ${date}`);
  return new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]) + days)).toISOString().slice(0, 10);
}
