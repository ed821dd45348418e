import { vi } from 'vitest';

/** Stands in for the window `window.open` returns: tests drive `closed` and read `location.href`. */
export interface FakePopup {
  closed: boolean;
  location: { href: string };
  close: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
}

function createFakePopup(): FakePopup {
  const popup: FakePopup = {
    closed: false,
    location: { href: '' },
    close: vi.fn(() => {
      popup.closed = true;
    }),
    focus: vi.fn(),
  };
  return popup;
}

/** Makes `window.open` return a fresh fake popup (and records how it was called). */
export function stubWindowOpen() {
  const popup = createFakePopup();
  const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  return { popup, open };
}

/**
 * Delivers a `message` event to this window as if `source` had posted it. jsdom's MessageEvent only
 * accepts real windows as `source`, so the property is set on the event afterwards.
 */
export function postFrom(source: unknown, data: unknown, origin: string = window.location.origin): void {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  window.dispatchEvent(event);
}
