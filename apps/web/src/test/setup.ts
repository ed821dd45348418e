import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
// In the app antd's theme loads beside each screen that uses antd (app/lazy-screen.tsx); loaded
// here once, so a test's first screen does not also wait for antd's modules to be transformed.
import '@/components/antd-theme';

// Screens are lazily loaded modules; the first import of one can take a while under the test transform,
// and CI shares two cores with everything else.
configure({ asyncUtilTimeout: 8000 });
// A whole composer flow of user-event typing passed 20 s once on a loaded CI machine: the limit is for
// hangs, not speed.
vi.setConfig({ testTimeout: 45_000 });

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

/**
 * jsdom has no layout: width queries answer from `window.innerWidth` (1024 by default, i.e. antd
 * `lg`); any other (prefers-reduced-motion, …) as a browser with no such preference.
 */
function mediaMatches(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (!min && !max) return false;
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: mediaMatches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// antd measures scrollbars with getComputedStyle(el, '::-webkit-scrollbar'), which jsdom does not implement.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// antd's Tour and Table observe element sizes; jsdom has no ResizeObserver.
class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= ResizeObserverStub;

// ScrollRestoration scrolls on navigation; jsdom has no viewport to scroll.
window.scrollTo = () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(() => server.close());
