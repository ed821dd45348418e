import { messageApi, messageThread, type MessageThread } from '@fitpost/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { messageKeys } from './keys';

/** GET /api/message/{id}: a thread with its replies (the server marks it read for me). */
function getThread(id: string, signal?: AbortSignal): Promise<MessageThread> {
  return apiRequest(messageApi.message(id), { schema: messageThread, signal });
}

/** A thread; opening it marks it read, so the lists and the bell are asked again once it arrives. */
export function useThread(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.thread(id),
    queryFn: async ({ signal }) => {
      const thread = await getThread(id, signal);
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
      return thread;
    },
  });
}
