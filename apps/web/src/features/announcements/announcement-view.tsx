import { announcementMessages, type Announcement } from '@fitpost/contract';
import { Button, Modal } from 'antd';

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
