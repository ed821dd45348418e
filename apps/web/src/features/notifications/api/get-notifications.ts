import type { NotificationList, NotificationListQuery } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** How often the bell asks again while a screen stays open. */
const refreshMs = 60_000;

/** GET /api/notification?unread&page&pagesize: one page of my notifications, with the unread count. */
function getNotifications(query: NotificationListQuery, signal?: AbortSignal): Promise<NotificationList> {
  return apiRequest('/api/notification', {
    query: { unread: query.unread, page: query.page, pagesize: query.pagesize },
    schema: checkedByServer<NotificationList>(),
    signal,
  });
}

export function useNotifications(query: NotificationListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => getNotifications(query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: refreshMs,
  });
}
