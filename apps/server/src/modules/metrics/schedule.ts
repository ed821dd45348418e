/** When the metrics job asks a network about a published post again: often while it is new, then daily. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Posts are followed for 30 days after they were published. */
export const METRICS_WINDOW_MS = 30 * DAY;
/** After a failure that is no one's fault (timeout, 5xx), the post is asked about again this soon. */
export const METRICS_RETRY_MS = 15 * MINUTE;

/** Age → gap to the next fetch: every 15 minutes in the first hour, hourly to 6 h, every 4 h to a day, then daily. */
const STEPS: readonly [maxAgeMs: number, gapMs: number][] = [
  [HOUR, 15 * MINUTE],
  [6 * HOUR, HOUR],
  [DAY, 4 * HOUR],
  [METRICS_WINDOW_MS, DAY],
];

/**
 * The next fetch of a post published at `publishedAt`, as of `now`; the last one falls exactly on day 30,
 * and after it null (done).
 */
export function nextFetchAt(publishedAt: Date, now: Date): Date | null {
  const age = now.getTime() - publishedAt.getTime();
  const end = publishedAt.getTime() + METRICS_WINDOW_MS;
  if (age >= METRICS_WINDOW_MS) return null;
  const gap = STEPS.find(([maxAge]) => age < maxAge)?.[1] ?? DAY;
  return new Date(Math.min(now.getTime() + gap, end));
}
