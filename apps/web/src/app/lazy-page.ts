import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { loadModule } from '@/lib/module-load';

/**
 * A route's lazily loaded screen: `lazyPage(() => import('…'), (m) => m.SomeRoute)`, drawn inside
 * antd's theme, which loads with it (the signed-out screens use antd's forms and alerts).
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyRouteFunction<RouteObject> {
  return loadModule(async () => {
    const [module, { withAntdTheme }] = await Promise.all([load(), import('@/components/antd-theme')]);
    return { Component: withAntdTheme(pick(module)) };
  });
}
