import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, followed as it changes (the window narrows, a setting flips). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The member asked their system for less motion (WCAG 2.3.3); `app/providers.tsx` honours it. */
export const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
