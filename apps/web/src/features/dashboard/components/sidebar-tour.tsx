import { lazy, Suspense } from 'react';
import { loadModule } from '@/lib/module-load';
import { setFlag, storageKeys, useFlag } from '@/lib/session';

const SidebarTourPanel = lazy(
  loadModule(async () => ({ default: (await import('./sidebar-tour-panel')).SidebarTourPanel })),
);

/** The sidebar walk-through: shown whenever the stored 'tutorial' flag is absent (spec §4). */
export function SidebarTour() {
  const seen = useFlag(storageKeys.tutorial) !== null;
  if (seen) return null;
  return (
    <Suspense fallback={null}>
      <SidebarTourPanel onDone={() => setFlag(storageKeys.tutorial)} />
    </Suspense>
  );
}
