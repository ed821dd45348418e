import { BellOutlined } from '@ant-design/icons';
import { notificationTexts, type Notification } from '@fitpost/contract';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useDisclosure } from '@/components/use-disclosure';
import { useNotifications } from '@/lib/api/notifications/get-notifications';
import { useMarkRead } from '@/lib/api/notifications/mark-read';

/** The bell's query: the latest few that still need the member (unread, or a reconnect not yet done). */
export const bellQuery = { unread: true, page: 1, pagesize: 5 } as const;

export const messagesPath = '/app/settings/messages';

/** "Notifications, 2 unread": the bell's accessible name. */
export function bellLabel(unread: number | undefined): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The top bar's bell: the unread count, disclosing the latest few and 'See all messages' (spec §2). */
export function NotificationBell() {
  const { open, toggle, close, rootRef, buttonRef, listId, handleBlur } = useDisclosure();
  const { data } = useNotifications(bellQuery);
  const markRead = useMarkRead();
  const unread = data?.unread ?? 0;

  function follow(item: Notification) {
    close();
    if (!item.readAt) markRead.mutate([item.id]);
  }

  return (
    <nav className="user-menu notification-bell" aria-label="Notifications" ref={rootRef} onBlur={handleBlur}>
      <Button
        ref={buttonRef}
        type="text"
        className="notification-bell-trigger"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={bellLabel(unread)}
        onClick={toggle}
      >
        <BellOutlined aria-hidden="true" />
        {unread ? (
          <span className="notification-bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      <ul id={listId} className="user-menu-list notification-bell-list" hidden={!open}>
        {data?.items.length ? (
          data.items.map((item) => (
            <li key={item.id}>
              <Link to={item.link} onClick={() => follow(item)}>
                <strong className="notification-bell-title">{item.title}</strong>
                <span className="notification-bell-text">{item.text}</span>
              </Link>
            </li>
          ))
        ) : (
          <li className="notification-bell-empty">{notificationTexts.empty}</li>
        )}
        <li className="user-menu-separator">
          <Link to={messagesPath} onClick={close}>
            {notificationTexts.seeAll}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
