import type { ContentPage } from '@fitpost/contract';
import type { QueryClient } from '@tanstack/react-query';
import { contentKeys } from '@/lib/api/content/keys';
import { getStoredUser } from '@/lib/session';

/** The addresses that open on Recommended Posts: the dashboard, and /app and / which lead there. */
const dashboardPaths = /^\/(app(\/dashboard)?)?\/?$/;

/**
 * On a signed-in member's first load at the dashboard, asks for its largest content (Recommended
 * for You) at once, while the shell's and the screen's code are still arriving, instead of once the
 * screen has drawn: a request chain of seconds on a phone. Only the small API module is loaded
 * here; a failure is left to the screen, which asks again. Once the answer is in, the first card's
 * graphic (what a phone paints largest) is fetched too, so it is there when the card is drawn.
 */
export function prefetchOpenedScreen(pathname: string, queryClient: QueryClient): Promise<void> {
  if (getStoredUser() === null || !dashboardPaths.test(pathname)) return Promise.resolve();
  return import('@/lib/api/content/get-content')
    .then(async (api) => {
      await api.prefetchRecommendedContent(queryClient);
      const page = queryClient.getQueryData<ContentPage>(contentKeys.list(api.recommendedContentQuery));
      const graphic = page?.items[0]?.graphicUrl;
      if (graphic) preloadImage(graphic);
    })
    .catch(() => undefined);
}

/** Starts loading an image at high priority; the `<img>` drawn later with the same address reuses it. */
function preloadImage(src: string): void {
  const image = new Image();
  image.fetchPriority = 'high';
  image.decoding = 'async';
  image.src = src;
}
