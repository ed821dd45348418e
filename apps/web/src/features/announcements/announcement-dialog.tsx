import { announcementMessages, type Announcement } from '@fitpost/contract';
import { Button, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { announcementsToShow, browserAnnouncementStore, markShown } from './announcement-window';
import { getActiveAnnouncements } from './api/get-active-announcements';

/** An announcement's link, opening `url` in a new tab, named by `urlText`. */
export function AnnouncementLink({ url, urlText }: Pick<Announcement, 'url' | 'urlText'>) {
  if (!url) return null;
  return (
    <p>
      <a href={url} target="_blank" rel="noopener noreferrer">
        {urlText ?? url}
      </a>
    </p>
  );
}

/**
 * One announcement: the server's sanitised HTML (the only HTML rendered), its link opening in a
 * new tab, and 'close'.
 */
export function AnnouncementView({
  announcement,
  onClose,
}: {
  announcement: Announcement;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      title={announcementMessages.dialogTitle}
      // The spec's 'close' button is the one way to close it on screen (Esc still does); no ✕ too.
      closable={false}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {announcementMessages.close}
        </Button>
      }
    >
      {/* Sanitised by the server on write (modules/announcements/sanitize.ts). */}
      <div className="announcement-body" dangerouslySetInnerHTML={{ __html: announcement.body }} />
      <AnnouncementLink url={announcement.url} urlText={announcement.urlText} />
    </Modal>
  );
}

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
    <AnnouncementView key={current.id} announcement={current} onClose={() => setQueue((q) => q.slice(1))} />
  );
}
