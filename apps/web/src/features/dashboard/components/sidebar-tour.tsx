import { Suspense } from 'react';
import { lazyAntdPart } from '@/components/lazy-antd-part';
import { useConnections } from '@/lib/api/connections/get-connections';
import { anyPostQuery, usePosts } from '@/lib/api/posts/get-posts';
import { useTour } from '@/lib/use-tour';

// antd's Tour, in antd's theme, loads only when the tour is due: the dashboard itself loads no antd.
const SidebarTourPanel = lazyAntdPart(
  () => import('./sidebar-tour-panel'),
  (m) => m.SidebarTourPanel,
);

/**
 * The getting-started tour: shown until the member has seen it, in any browser (spec §4), once it
 * knows what they have already done (connected an account, queued a post), which it skips.
 */
export function SidebarTour() {
  const tour = useTour();
  const connections = useConnections({ enabled: !tour.seen });
  const posts = usePosts(tour.seen ? null : anyPostQuery);
  if (tour.seen || connections.isPending || posts.isPending) return null;
  const progress = {
    connected: connections.data?.some((c) => c.status === 'connected') ?? false,
    posted: (posts.data?.total ?? 0) > 0,
  };
  return (
    <Suspense fallback={null}>
      <SidebarTourPanel progress={progress} onDone={tour.markSeen} />
    </Suspense>
  );
}
