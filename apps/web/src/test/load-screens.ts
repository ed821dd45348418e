import type { RouteObject } from 'react-router';
import { isLazyScreen } from '@/app/preload-screen';
import { routes } from '@/app/router';

/**
 * Loads the code of every screen in the route table (each shell screen's `preload`, each page's
 * `lazy`), so that no test waits for a screen's modules to be imported and transformed on first
 * use: under load that took longer than a `findBy`'s wait. With the web project's shared module
 * graph (isolate: false) this costs each worker one import of the app; the next files find it loaded.
 */
export async function loadEveryScreen(list: RouteObject[] = routes): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const route of list) {
    if (typeof route.lazy === 'function') loads.push(route.lazy());
    if (isLazyScreen(route.Component)) loads.push(route.Component.preload());
    if (route.children) loads.push(loadEveryScreen(route.children));
  }
  await Promise.all(loads);
}
