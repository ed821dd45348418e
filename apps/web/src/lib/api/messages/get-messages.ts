import { messageApi, type MessageList, type MessageListQuery } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { unreadRefreshMs } from './get-unread';
import { messageKeys } from './keys';

/** GET /api/message?folder&page&pagesize: one page of my threads, or of the sent messages. */
function getMessages(query: MessageListQuery, signal?: AbortSignal): Promise<MessageList> {
  return apiRequest(messageApi.messages, {
    query: { folder: query.folder, page: query.page, pagesize: query.pagesize },
    schema: checkedByServer<MessageList>(),
    signal,
  });
}

export function useMessages(query: MessageListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: messageKeys.list(query),
    queryFn: ({ signal }) => getMessages(query, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: unreadRefreshMs,
  });
}
