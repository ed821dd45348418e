import type { QueryClient } from '@tanstack/react-query';
import { getStoredUser } from '@/lib/session';

/** The addresses that open on Recommended Posts: the dashboard, and /app and / which lead there. */
const dashboardPaths = /^\/(app(\/dashboard)?)?\/?$/;

/**
 * On a signed-in member's first load at the dashboard, asks for its largest content (Recommended
 * for You) at once, while the shell's and the screen's code are still arriving, instead of once the
 * screen has drawn: a request chain of seconds on a phone. Only the small API module is loaded
 * here; a failure is left to the screen, which asks again.
 */
export function prefetchOpenedScreen(pathname: string, queryClient: QueryClient): Promise<void> {
  if (getStoredUser() === null || !dashboardPaths.test(pathname)) return Promise.resolve();
  return import('@/lib/api/content/get-content')
    .then((api) => api.prefetchRecommendedContent(queryClient))
    .catch(() => undefined);
}
