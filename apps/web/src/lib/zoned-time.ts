import { isTimeZoneName, timeZoneProperty, type UserInfo } from '@fitpost/contract';

/**
 * The member's time zone as the web app knows it. The conversions between wall times and instants
 * live in the contract (`@fitpost/contract` zoned-time), shared with the server's posting queue;
 * they are re-exported here so screens keep one import for everything about zoned time.
 */

export {
  addDays,
  formatClock,
  formatOffset,
  formatZoned,
  fromWallTime,
  offsetAt,
  startOfZonedDay,
  startOfZonedMonth,
  toWallTime,
  zoneAbbreviation,
  zoneLabel,
  type ZonedInstant,
} from '@fitpost/contract';

/** The user property System Settings saves the member's time zone in. */
export const timeZonePropertyName = timeZoneProperty;

/** The browser's IANA time zone, e.g. "America/Chicago". */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The member's time zone: the one saved in System Settings, else the organisation's default (its
 * Administration Settings), else the browser's.
 */
export function memberTimeZone(
  user: (Pick<UserInfo, 'properties'> & Partial<Pick<UserInfo, 'organisationTimeZone'>>) | null | undefined,
): string {
  const saved = user?.properties.find((property) => property.name === timeZonePropertyName)?.value;
  if (saved && isTimeZoneName(saved)) return saved;
  const organisation = user?.organisationTimeZone;
  return organisation && isTimeZoneName(organisation) ? organisation : browserTimeZone();
}
