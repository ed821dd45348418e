import { matchRoutes, type RouteObject } from 'react-router';
import type { LazyScreen } from './lazy-screen';
import { appRoutes } from './app-routes';

/** A screen made by `lazyScreen`: its code loads when it is first drawn or preloaded. */
export function isLazyScreen(component: unknown): component is LazyScreen {
  return typeof component === 'function' && 'preload' in component && typeof component.preload === 'function';
}

/**
 * The screens a link in the app's menus can lead to: the signed-in app's routes under /app (as
 * router.tsx places them), without the router and its layouts, so the menu in a layout can use it.
 */
const preloadable: RouteObject[] = [{ path: 'app', children: appRoutes }];

/** Starts loading the code of the screen at `path` (a link under the pointer or the keyboard's focus). */
export function preloadScreen(path: string): void {
  for (const match of matchRoutes(preloadable, path) ?? []) {
    if (isLazyScreen(match.route.Component)) void match.route.Component.preload();
  }
}
