import type { NotificationReadResult } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageKeys } from '@/lib/api/messages/keys';
import { notificationKeys } from './keys';

/** A change to read state: every view of the notifications (bell, list) is asked again when it settles. */
export function useNotificationMutation<V>(mutationFn: (variables: V) => Promise<NotificationReadResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: messageKeys.unread }),
      ]),
  });
}
