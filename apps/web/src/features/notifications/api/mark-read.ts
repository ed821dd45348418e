import type { NotificationReadResult } from '@fitpost/contract';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { useNotificationMutation } from './use-notification-mutation';

/** POST /api/notification/read: marks these of my notifications read. */
function markRead(ids: string[]): Promise<NotificationReadResult> {
  return apiRequest('/api/notification/read', {
    method: 'POST',
    body: { ids },
    schema: checkedByServer<NotificationReadResult>(),
  });
}

export const useMarkRead = () => useNotificationMutation(markRead);
