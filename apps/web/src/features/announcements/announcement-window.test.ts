import { announcementClient, type Announcement } from '@fitpost/contract';
import { describe, expect, it } from 'vitest';
import {
  announcementsToShow,
  browserAnnouncementStore,
  inCookieWindow,
  markShown,
  type AnnouncementStore,
} from './announcement-window';

const day = 86_400_000;

/** A browser on a fake clock: the cookie disappears once its max-age has passed, as browsers do. */
function fakeBrowser() {
  let clock = Date.UTC(2026, 0, 1);
  let cookie: { value: string; expires: number } | null = null;
  let seen: string | null = null;
  const store: AnnouncementStore = {
    readCookie: () => (cookie && cookie.expires > clock ? cookie.value : null),
    writeCookie: (value, maxAgeSeconds) => {
      cookie = { value, expires: clock + maxAgeSeconds * 1000 };
    },
    readSeen: () => seen,
    writeSeen: (value) => {
      seen = value;
    },
  };
  return {
    store,
    now: () => clock,
    advance: (ms: number) => {
      clock += ms;
    },
    seen: () => seen,
  };
}

const once: Announcement = { id: 'a1', body: '<p>Once</p>', url: null, urlText: null, isRecurring: false };
const every: Announcement = { id: 'a2', body: '<p>Every</p>', url: null, urlText: null, isRecurring: true };

/** The server's rule: active ones, less non-recurring ones among the seen ids; records each call. */
function fakeServer(active: Announcement[]) {
  const calls: string[][] = [];
  const fetchActive = (seenIds: string[]) => {
    calls.push(seenIds);
    return Promise.resolve(active.filter((a) => a.isRecurring || !seenIds.includes(a.id)));
  };
  return { calls, fetchActive };
}

/** One visit: what the dialog shows, marked as shown. */
async function visit(
  b: ReturnType<typeof fakeBrowser>,
  fetchActive: (ids: string[]) => Promise<Announcement[]>,
) {
  const shown = await announcementsToShow(b.store, b.now(), fetchActive);
  markShown(b.store, shown, b.now());
  return shown.map((a) => a.id);
}

describe('announcement window (spec §4, §9)', () => {
  it('shows active announcements once, then nothing and no call for 30 days', async () => {
    const b = fakeBrowser();
    const server = fakeServer([once, every]);
    expect(await visit(b, server.fetchActive)).toEqual(['a1', 'a2']);
    b.advance(29 * day);
    expect(await visit(b, server.fetchActive)).toEqual([]);
    expect(server.calls).toHaveLength(1);
    expect(inCookieWindow(b.store, b.now())).toBe(true);
  });

  it('after the 30-day window shows the recurring one again but never the seen non-recurring one', async () => {
    const b = fakeBrowser();
    const server = fakeServer([once, every]);
    await visit(b, server.fetchActive);
    expect(JSON.parse(b.seen() ?? '')).toEqual(['a1']);
    b.advance(30 * day + 1);
    expect(inCookieWindow(b.store, b.now())).toBe(false);
    expect(await visit(b, server.fetchActive)).toEqual(['a2']);
    expect(server.calls[1]).toEqual(['a1']);
  });

  it('the window is 30 days: a day short it holds, on the day it has ended', () => {
    const b = fakeBrowser();
    markShown(b.store, [every], b.now());
    const start = b.now();
    expect(inCookieWindow(b.store, start + 30 * day - 1)).toBe(true);
    expect(inCookieWindow(b.store, start + 30 * day)).toBe(false);
  });

  it('starts no window when nothing is active, so the next visit asks again', async () => {
    const b = fakeBrowser();
    const server = fakeServer([]);
    await visit(b, server.fetchActive);
    await visit(b, server.fetchActive);
    expect(server.calls).toHaveLength(2);
    expect(b.seen()).toBeNull();
  });
});

describe('failed active call (spec §8)', () => {
  it('clears the stored seen list and shows nothing', async () => {
    const b = fakeBrowser();
    await visit(b, fakeServer([once]).fetchActive);
    b.advance(31 * day);
    expect(b.seen()).not.toBeNull();
    const shown = await announcementsToShow(b.store, b.now(), () => Promise.reject(new Error('down')));
    expect(shown).toEqual([]);
    expect(b.seen()).toBeNull();
  });

  it('a seen list that is not a list of ids is sent as none', async () => {
    const b = fakeBrowser();
    b.store.writeSeen('{not json');
    const server = fakeServer([once]);
    expect(await visit(b, server.fetchActive)).toEqual(['a1']);
    expect(server.calls[0]).toEqual([]);
  });
});

describe('the browser store', () => {
  it('keeps the window in the fitpost_announcement cookie and the seen ids in localStorage', () => {
    markShown(browserAnnouncementStore, [once], Date.now());
    expect(document.cookie).toContain(`${announcementClient.cookieName}=`);
    expect(inCookieWindow(browserAnnouncementStore, Date.now())).toBe(true);
    expect(localStorage.getItem(announcementClient.seenStorageKey)).toBe('["a1"]');
  });
});
