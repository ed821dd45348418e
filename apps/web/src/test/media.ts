/** A matchMedia whose answer the test flips, telling its listeners as a browser would. */
export function controllableMedia(matching: Set<string>) {
  const listeners = new Map<string, Set<() => void>>();
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return matching.has(query);
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => {
        const set = listeners.get(query) ?? new Set();
        set.add(listener);
        listeners.set(query, set);
      },
      removeEventListener: (_: string, listener: () => void) => listeners.get(query)?.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    flip(query: string, on: boolean) {
      if (on) matching.add(query);
      else matching.delete(query);
      listeners.get(query)?.forEach((listener) => listener());
    },
    restore: () => {
      if (original) Object.defineProperty(window, 'matchMedia', original);
    },
  };
}
