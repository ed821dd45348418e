import { lazy, Suspense } from 'react';
import { loadModule } from '@/lib/module-load';
import { useTour } from '@/lib/use-tour';

const SidebarTourPanel = lazy(
  loadModule(async () => ({ default: (await import('./sidebar-tour-panel')).SidebarTourPanel })),
);

/** The getting-started tour: shown until the member has seen it, in any browser (spec §4). */
export function SidebarTour() {
  const tour = useTour();
  if (tour.seen) return null;
  return (
    <Suspense fallback={null}>
      <SidebarTourPanel onDone={tour.markSeen} />
    </Suspense>
  );
}
