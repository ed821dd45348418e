import { BellOutlined } from '@ant-design/icons';
import { notificationTexts, type MessageSummary, type Notification } from '@fitpost/contract';
import { Link } from 'react-router';
import { PlainButton } from '@/components/plain-controls';
import { useDisclosure } from '@/components/use-disclosure';
import { useMessages } from '@/lib/api/messages/get-messages';
import { useUnreadCounts } from '@/lib/api/messages/get-unread';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useMarkRead } from '@/features/notifications/api/mark-read';
import { useStoredUser } from '@/lib/session';

/** The bell's query: the latest few that still need the member (unread, or a reconnect not yet done). */
const bellQuery = { unread: true, page: 1, pagesize: 5 } as const;
/** …and the latest few message threads. */
const bellMessagesQuery = { folder: 'inbox', page: 1, pagesize: 3 } as const;

const messagesPath = '/app/settings/messages';

/** Where a thread opens: the Messages tab of Settings → Messages. */
const threadPath = (id: string) => `${messagesPath}?tab=messages&thread=${id}`;

/** "Notifications, 2 unread": the bell's accessible name. */
function bellLabel(unread: number | undefined): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}

/** A thread in the bell: its subject, and who is on the other side with the latest text. */
function MessageLink({ item, onFollow }: { item: MessageSummary; onFollow: () => void }) {
  const me = useStoredUser()?.id;
  const who = item.author.id === me && item.member ? item.member : item.author;
  return (
    <Link to={threadPath(item.id)} onClick={onFollow}>
      <strong className="notification-bell-title">
        {item.unread ? <span className="visually-hidden">Unread message: </span> : null}
        {item.subject}
      </strong>
      <span className="notification-bell-text">
        {who.fullName}: {item.preview}
      </span>
    </Link>
  );
}

/**
 * The top bar's bell: unread notifications and message threads together, disclosing the latest few
 * of each and 'See all messages' (spec §2). The lists are asked for only when it opens.
 */
export function NotificationBell() {
  const { open, toggle, close, rootRef, buttonRef, listId, handleBlur } = useDisclosure();
  const counts = useUnreadCounts();
  const { data } = useNotifications(bellQuery, { enabled: open });
  const messages = useMessages(bellMessagesQuery, { enabled: open });
  const markRead = useMarkRead();
  const unread = (counts.data?.notifications ?? 0) + (counts.data?.messages ?? 0);
  const threads = messages.data?.items ?? [];

  function follow(item: Notification) {
    close();
    if (!item.readAt) markRead.mutate([item.id]);
  }

  return (
    <nav className="user-menu notification-bell" aria-label="Notifications" ref={rootRef} onBlur={handleBlur}>
      <PlainButton
        ref={buttonRef}
        variant="text"
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
      </PlainButton>
      <ul id={listId} className="user-menu-list notification-bell-list" hidden={!open}>
        {data?.items.map((item) => (
          <li key={item.id}>
            <Link to={item.link} onClick={() => follow(item)}>
              <strong className="notification-bell-title">{item.title}</strong>
              <span className="notification-bell-text">{item.text}</span>
            </Link>
          </li>
        ))}
        {threads.map((item) => (
          <li key={item.id} className={item.unread ? 'notification-bell-unread' : undefined}>
            <MessageLink item={item} onFollow={close} />
          </li>
        ))}
        {data && messages.data && data.items.length + threads.length === 0 ? (
          <li className="notification-bell-empty">{notificationTexts.empty}</li>
        ) : null}
        <li className="user-menu-separator">
          <Link to={messagesPath} onClick={close}>
            {notificationTexts.seeAll}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
