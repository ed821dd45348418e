import type { Announcement } from '@fitpost/contract';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyAntdPart } from '@/components/lazy-antd-part';
import { announcementsToShow, browserAnnouncementStore, markShown } from './announcement-window';
import { getActiveAnnouncements } from './api/get-active-announcements';

// The dialog (antd's Modal, in antd's theme) loads only when there is an announcement to show.
const AnnouncementView = lazyAntdPart(
  () => import('./announcement-view'),
  (m) => m.AnnouncementView,
);

/**
 * After sign-in (mounted by the signed-in shell): asks for the portal's active announcements unless
 * the 30-day cookie window is open, and shows them one dialog at a time.
 */
export function AnnouncementDialog({ portalId }: { portalId: number }) {
  const [queue, setQueue] = useState<Announcement[]>([]);
  // Once per mount, also under StrictMode's second effect run.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void announcementsToShow(browserAnnouncementStore, Date.now(), (ids) =>
      getActiveAnnouncements(portalId, ids),
    ).then((list) => {
      markShown(browserAnnouncementStore, list, Date.now());
      setQueue(list);
    });
  }, [portalId]);

  const current = queue[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementView key={current.id} announcement={current} onClose={() => setQueue((q) => q.slice(1))} />
    </Suspense>
  );
}
