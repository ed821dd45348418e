import { messageApi, messageSent, type MessageCompose, type MessageSent } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { messageKeys } from './keys';

/** POST /api/message: a member's goes to the portal's admins; an admin's names `to`. */
function sendMessage(input: MessageCompose): Promise<MessageSent> {
  return apiRequest(messageApi.messages, { method: 'POST', body: input, schema: messageSent });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
