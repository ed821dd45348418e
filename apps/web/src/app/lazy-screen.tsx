import { lazy, Suspense, type ComponentType } from 'react';
import { ScreenSkeleton } from '@/components/screen-skeleton';
import { loadModule } from '@/lib/module-load';

/** A screen of the signed-in shell whose code loads when it is first drawn (or `preload`ed). */
export type LazyScreen = ComponentType & { preload: () => void };

/**
 * A screen inside the shell: `lazyScreen(() => import('…'), (m) => m.SomeRoute)`. Unlike a route's
 * `lazy`, which keeps the previous screen up until the new code has arrived, the navigation happens
 * at once and the new screen's title and a skeleton are drawn while its code loads. A load that
 * failed (offline, say) is tried again the next time the screen is opened.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  const loadScreen = loadModule(async () => ({ default: pick(await load()) }));
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
  return Object.assign(Screen, { preload: () => void load().catch(() => undefined) });
}
