import { lazy, Suspense, type ComponentType } from 'react';
import { ScreenSkeleton } from '@/components/screen-skeleton';
import { loadModule } from '@/lib/module-load';

/** A screen of the signed-in shell whose code loads when it is first drawn (or `preload`ed). */
export type LazyScreen = ComponentType & { preload: () => Promise<void> };

/** antd's theme, loaded beside a screen that draws antd components (components/antd-theme.tsx). */
const loadAntdTheme = () => import('@/components/antd-theme');

/**
 * A screen inside the shell: `lazyScreen(() => import('…'), (m) => m.SomeRoute)`. Unlike a route's
 * `lazy`, which keeps the previous screen up until the new code has arrived, the navigation happens
 * at once and the new screen's title and a skeleton are drawn while its code loads. A load that
 * failed (offline, say) is tried again the next time the screen is opened.
 *
 * The screen is drawn inside antd's theme, which loads with it, unless `{ antd: false }` says it
 * draws no antd component (the dashboard: a phone's first screen loads no antd at all).
 */
export function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  { antd = true }: { antd?: boolean } = {},
): LazyScreen {
  const loadScreen = loadModule(async () => {
    if (!antd) return { default: pick(await load()) };
    const [module, { withAntdTheme }] = await Promise.all([load(), loadAntdTheme()]);
    return { default: withAntdTheme(pick(module)) };
  });
  let pending: Promise<{ default: ComponentType }> | null = null;
  function loadOnce() {
    pending ??= loadScreen().catch((error: unknown) => {
      pending = null;
      Loaded = lazy(loadOnce);
      throw error;
    });
    return pending;
  }
  let Loaded = lazy(loadOnce);

  function Screen() {
    return (
      <Suspense fallback={<ScreenSkeleton />}>
        <Loaded />
      </Suspense>
    );
  }
  // A preload that fails (offline, say) is not an error to report: the screen tries again when opened.
  const preload = () =>
    Promise.all([load(), antd ? loadAntdTheme() : null]).then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(Screen, { preload });
}
