import type { NotificationListQuery } from '@fitpost/contract';

/** React-query keys of the member's notifications (the bell and Settings → Messages share them). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (query: NotificationListQuery) => ['notifications', 'list', query] as const,
};
