import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

// Its own module, not the set-up file's: vitest runs the set-up file again before every test file,
// and with the web project's shared module graph (isolate: false) a helper imported once per worker
// (composer-kit, calendar-kit) would keep the first file's server, closed, while the next file's
// requests went to a new one. This module is evaluated once per module graph: one server, which
// setup.ts starts before each file and stops after it.

/** No notifications: what the top bar's bell hears on every signed-in screen unless a test says otherwise. */
export const noNotifications = http.get('/api/notification', ({ request }) => {
  const query = new URL(request.url).searchParams;
  return HttpResponse.json({
    items: [],
    total: 0,
    page: Number(query.get('page') ?? 1),
    pageSize: Number(query.get('pagesize') ?? 20),
    unread: 0,
  });
});

/** Nothing unread: the bell's counts (notifications and messages). */
export const nothingUnread = http.get('/api/message/unread', () =>
  HttpResponse.json({ notifications: 0, messages: 0 }),
);

/** The organisation's health-claim rules as a portal that changed none (the composer and Auto-Post form ask). */
export const builtInClaimRules = http.get('/api/settings/health-claims', () =>
  HttpResponse.json({ claimRulesOff: [], claimPhrases: [] }),
);

/**
 * Every request a test makes must be answered by a handler it declares (style.md); the bell's
 * questions, asked by the shell on every screen, and the claim rules the editors check with, are
 * answered here once for all.
 */
export const server = setupServer(noNotifications, nothingUnread, builtInClaimRules);
