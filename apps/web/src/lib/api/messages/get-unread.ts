import { messageApi, type UnreadCounts } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { messageKeys } from './keys';

/** How often the bell asks again while a screen stays open. */
export const unreadRefreshMs = 60_000;

/** GET /api/message/unread: my unread notifications and message threads. */
function getUnreadCounts(signal?: AbortSignal): Promise<UnreadCounts> {
  return apiRequest(messageApi.unread, { schema: checkedByServer<UnreadCounts>(), signal });
}

export function useUnreadCounts() {
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => getUnreadCounts(signal),
    refetchInterval: unreadRefreshMs,
  });
}
