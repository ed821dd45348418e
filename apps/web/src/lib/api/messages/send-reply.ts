import { messageApi, messageItem, type MessageItem } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { messageKeys } from './keys';

/** POST /api/message/{id}/reply: answers in a thread. */
function sendReply(id: string, body: string): Promise<MessageItem> {
  return apiRequest(messageApi.reply(id), { method: 'POST', body: { body }, schema: messageItem });
}

export function useSendReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendReply(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
