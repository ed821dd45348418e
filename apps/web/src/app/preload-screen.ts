import { matchRoutes } from 'react-router';
import type { LazyScreen } from './lazy-screen';
import { routes } from './router';

function isLazyScreen(component: unknown): component is LazyScreen {
  return typeof component === 'function' && 'preload' in component && typeof component.preload === 'function';
}

/** Starts loading the code of the screen at `path` (a link under the pointer or the keyboard's focus). */
export function preloadScreen(path: string): void {
  for (const match of matchRoutes(routes, path) ?? []) {
    if (isLazyScreen(match.route.Component)) match.route.Component.preload();
  }
}
