import type { UserInfo } from '@fitpost/contract';

/**
 * The member's zone (System Settings, else the browser's) and a formatter for it, with the
 * browser's Intl only: the dashboard is the first screen and carries no date library (its
 * JavaScript budget is 250 KB gzip). Screens that convert wall times use lib/zoned-time.
 */
export function memberZone(user: Pick<UserInfo, 'properties'> | null): string {
  const saved = user?.properties.find((property) => property.name === 'timeZone')?.value;
  if (saved) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: saved });
      return saved;
    } catch {
      // An unknown zone falls back to the browser's.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "3/10/2030 9:30 AM EDT": the product's M/D/YYYY date, the time and the zone's short name. */
export function formatInZone(instant: string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}
