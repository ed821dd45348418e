import type { UserInfo } from '@fitpost/contract';

/**
 * Times on the dashboard (My Scheduled Posts, the Auto-Post panels), with the browser's Intl only:
 * the dashboard is the first screen and carries no date library (its JavaScript budget is 250 KB
 * gzip). Screens that convert wall times use lib/zoned-time, which uses dayjs.
 */

/** The member's zone: the one saved in System Settings, else the browser's. */
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

function partsIn(epoch: number, zone: string, options: Intl.DateTimeFormatOptions) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options }).formatToParts(epoch);
  return (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
}

/** "3/15/2030 9:30 AM EDT": the product's M/D/YYYY date, the time and the zone's short name. */
export function formatInZone(instant: string, zone: string): string {
  const part = partsIn(Date.parse(instant), zone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}

/** The zone's offset from UTC at `epoch`, in minutes. */
function offsetAt(epoch: number, zone: string): number {
  const part = partsIn(epoch, zone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const shown = Date.UTC(
    Number(part('year')),
    Number(part('month')) - 1,
    Number(part('day')),
    Number(part('hour')),
    Number(part('minute')),
    Number(part('second')),
  );
  return Math.round((shown - Math.floor(epoch / 1000) * 1000) / 60_000);
}

/** The instant the member's current month began: midnight on the 1st in their zone (ISO, UTC). */
export function startOfMonthIn(zone: string, now: number): string {
  const part = partsIn(now, zone, { year: 'numeric', month: 'numeric' });
  const wall = Date.UTC(Number(part('year')), Number(part('month')) - 1, 1);
  // Read with the offset in force then; a second pass settles a guess made across a clock change.
  const first = wall - offsetAt(wall, zone) * 60_000;
  return new Date(wall - offsetAt(first, zone) * 60_000).toISOString();
}
