import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loadEveryScreen } from './load-screens';
import { server } from './msw-server';

// Screens are lazily loaded modules; the first import of one can take a while under the test transform,
// and CI shares two cores with everything else.
configure({ asyncUtilTimeout: 8000 });
// A whole composer flow of user-event typing passed 20 s once on a loaded CI machine: the limit is for
// hangs, not speed.
vi.setConfig({ testTimeout: 45_000 });

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

// Every screen's code before the file's first test, not inside it (test/load-screens.ts).
await loadEveryScreen();

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
