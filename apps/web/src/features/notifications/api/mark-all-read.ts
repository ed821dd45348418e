import { notificationReadResult, type NotificationReadResult } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';
import { useNotificationMutation } from './use-notification-mutation';

/** POST /api/notification/read-all: marks all my notifications read (a reconnect still needed stays unread). */
function markAllRead(): Promise<NotificationReadResult> {
  return apiRequest('/api/notification/read-all', { method: 'POST', schema: notificationReadResult });
}

export const useMarkAllRead = () => useNotificationMutation(() => markAllRead());
