import { lazy, useState, type ComponentType } from 'react';
import { loadModule } from '@/lib/module-load';

/**
 * A part drawn with antd (a dialog, the tour) that a screen without antd shows only sometimes:
 * `lazyAntdPart(() => import('./x'), (m) => m.X)` loads its code and antd's theme when it is first
 * rendered (inside a `Suspense`), and draws it inside that theme. The screen's first load brings
 * no antd (docs/architecture.md §5, "The first screen on a phone").
 */
export function lazyAntdPart<P extends object, M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(
    loadModule(async () => {
      const [module, { withAntdTheme }] = await Promise.all([load(), import('./antd-theme')]);
      return { default: withAntdTheme(pick(module)) };
    }),
  );
}

/**
 * Whether a lazily loaded dialog is to be rendered: from the first time it opens on, so that later
 * it closes with its own animation (and opens again at once) instead of vanishing.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
