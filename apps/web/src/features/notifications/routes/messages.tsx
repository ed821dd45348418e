import {
  messageTexts,
  notificationAction,
  notificationTexts,
  paging,
  type Notification,
} from '@fitpost/contract';
import { Button, Pagination, Tag } from 'antd';
import { PageTabs } from '@/components/page-tabs';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useMarkAllRead } from '@/features/notifications/api/mark-all-read';
import { useMarkRead } from '@/features/notifications/api/mark-read';
import { useStoredUser } from '@/lib/session';
import { formatZoned, memberTimeZone } from '@/lib/zoned-time';
import '../notifications.css';

interface RowProps {
  item: Notification;
  timeZone: string;
  onFollow: (item: Notification) => void;
}

function NotificationRow({ item, timeZone, onFollow }: RowProps) {
  const unread = !item.readAt || item.needsAction;
  return (
    <li className={unread ? 'notification-row notification-row-unread' : 'notification-row'}>
      <div className="notification-row-head">
        <h2 className="notification-row-title">{item.title}</h2>
        <Tag className={unread ? 'tag-info' : 'tag-neutral'}>{unread ? 'Unread' : 'Read'}</Tag>
      </div>
      <p className="notification-row-text">{item.text}</p>
      <div className="notification-row-foot">
        <time dateTime={item.createdAt}>{formatZoned(item.createdAt, timeZone)}</time>
        <Link to={item.link} onClick={() => onFollow(item)}>
          {notificationAction[item.kind]}
          <span className="visually-hidden">: {item.title}</span>
        </Link>
      </div>
    </li>
  );
}

/** The Notifications tab: what FitPost told the member, newest first, each linking to the thing to fix. */
function NotificationsTab() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(paging.defaultPageSize);
  const list = useNotifications({ page, pagesize: pageSize });
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const timeZone = memberTimeZone(useStoredUser());

  if (list.isError && !list.data) {
    return (
      <LoadError
        what="Your notifications"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const data = list.data;
  return (
    <section aria-label="Notifications">
      <div className="notifications-toolbar">
        <span>{data ? `${data.unread} unread` : ''}</span>
        <Button onClick={() => markAllRead.mutate()} loading={markAllRead.isPending} disabled={!data?.unread}>
          {notificationTexts.markAllRead}
        </Button>
      </div>
      {data && data.items.length === 0 ? <p className="empty-note">{notificationTexts.empty}</p> : null}
      <ul className="notification-rows" aria-busy={list.isFetching}>
        {data?.items.map((item) => (
          <NotificationRow
            key={item.id}
            item={item}
            timeZone={timeZone}
            onFollow={(n) => {
              if (!n.readAt) markRead.mutate([n.id]);
            }}
          />
        ))}
      </ul>
      {data && data.total > pageSize ? (
        <Pagination
          current={page}
          pageSize={pageSize}
          total={data.total}
          onChange={(next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * /app/settings/messages: the member's mail and notifications (spec §2). The Messages tab comes
 * from the messages feature, plugged in by the app layer (features never import each other); the
 * open tab is in the address (`?tab=messages`), so the bell can link to a thread.
 */
export function MessagesRoute({ messages }: { messages?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const items = [{ key: 'notifications', label: 'Notifications', children: <NotificationsTab /> }];
  if (messages) items.push({ key: 'messages', label: messageTexts.tab, children: <>{messages}</> });
  const active = items.some((i) => i.key === params.get('tab')) ? (params.get('tab') ?? '') : 'notifications';
  return (
    <>
      <PageHeader title="Messages" />
      <div className="panel">
        <PageTabs
          activeKey={active}
          onChange={(key) => setParams(key === 'notifications' ? {} : { tab: key })}
          items={items}
        />
      </div>
    </>
  );
}
