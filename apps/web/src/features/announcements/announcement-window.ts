import { announcementClient, type Announcement } from '@fitpost/contract';

/**
 * When the member's announcement dialog appears (spec §4, §8, §9), with the browser behind a
 * small interface so unit tests run it on a fake clock:
 * - at most once per 30-day cookie window: showing announcements sets a cookie for 30 days
 *   (its value is the window's end, so a clock can be checked against it too); while it lasts the
 *   active list is not even asked for;
 * - a non-recurring announcement's id goes into the locally stored seen list when it is shown, and
 *   the server leaves seen ones out of later answers;
 * - a failed active call clears the seen list.
 */
export interface AnnouncementStore {
  readCookie(): string | null;
  writeCookie(value: string, maxAgeSeconds: number): void;
  readSeen(): string | null;
  writeSeen(value: string | null): void;
}

const windowMs = announcementClient.cookieDays * 86_400_000;

/** Whether the cookie says a dialog was shown in a window that has not ended at `now`. */
export function inCookieWindow(store: AnnouncementStore, now: number): boolean {
  const until = Number(store.readCookie());
  return Number.isFinite(until) && until > now;
}

/** The seen ids, or none if the stored list is missing or not a list of strings. */
function seenIds(store: AnnouncementStore): string[] {
  try {
    const parsed: unknown = JSON.parse(store.readSeen() ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * What to show now: nothing inside a cookie window; otherwise the portal's active list, asked
 * for with the seen ids. A failed call clears the seen list and shows nothing.
 */
export async function announcementsToShow(
  store: AnnouncementStore,
  now: number,
  fetchActive: (seen: string[]) => Promise<Announcement[]>,
): Promise<Announcement[]> {
  if (inCookieWindow(store, now)) return [];
  try {
    return await fetchActive(seenIds(store));
  } catch {
    store.writeSeen(null);
    return [];
  }
}

/** Records that `shown` were shown at `now`: the cookie window starts, non-recurring ids are seen. */
export function markShown(store: AnnouncementStore, shown: Announcement[], now: number): void {
  if (shown.length === 0) return;
  const until = now + windowMs;
  store.writeCookie(String(until), windowMs / 1000);
  const seen = new Set(seenIds(store));
  for (const a of shown) if (!a.isRecurring) seen.add(a.id);
  store.writeSeen(JSON.stringify([...seen]));
}

/** The real browser: the cookie `fitpost_announcement` and localStorage. */
export const browserAnnouncementStore: AnnouncementStore = {
  readCookie() {
    const prefix = `${announcementClient.cookieName}=`;
    const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
    return found ? decodeURIComponent(found.slice(prefix.length)) : null;
  },
  writeCookie(value, maxAgeSeconds) {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${announcementClient.cookieName}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
  },
  readSeen() {
    try {
      return localStorage.getItem(announcementClient.seenStorageKey);
    } catch {
      return null;
    }
  },
  writeSeen(value) {
    try {
      if (value === null) localStorage.removeItem(announcementClient.seenStorageKey);
      else localStorage.setItem(announcementClient.seenStorageKey, value);
    } catch {
      // Storage disabled: the seen list simply does not persist.
    }
  },
};
