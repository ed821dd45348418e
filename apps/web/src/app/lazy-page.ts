import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { loadModule } from '@/lib/module-load';

/** A route's lazily loaded screen: `lazyPage(() => import('…'), (m) => m.SomeRoute)`. */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyRouteFunction<RouteObject> {
  return loadModule(async () => ({ Component: pick(await load()) }));
}
