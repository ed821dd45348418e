import type { QueueSlots, QueueSlotsPut } from '@fitpost/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { invalidateQueue } from './get-queue';
import { queueKeys } from './keys';

/**
 * GET /api/queue/slots: the member's weekly slots (or the suggested ones) and the next free one. Its
 * answers are read as the server checked them: the calendar's first screen asks for the slots and
 * loads no zod.
 */
function getQueueSlots(signal?: AbortSignal): Promise<QueueSlots> {
  return apiRequest('/api/queue/slots', { schema: checkedByServer<QueueSlots>(), signal });
}

export function useQueueSlots() {
  return useQuery({ queryKey: queueKeys.slots, queryFn: ({ signal }) => getQueueSlots(signal) });
}

/** PUT /api/queue/slots: replaces the member's week of slots. */
function updateQueueSlots(body: QueueSlotsPut): Promise<QueueSlots> {
  return apiRequest('/api/queue/slots', { method: 'PUT', body, schema: checkedByServer<QueueSlots>() });
}

/** A change of the week: the answer is the new week; then the next free slot is asked again. */
function useSlotsChange<T>(mutationFn: (input: T) => Promise<QueueSlots>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => queryClient.setQueryData(queueKeys.slots, saved),
    onSettled: () => invalidateQueue(queryClient),
  });
}

export const useUpdateQueueSlots = () => useSlotsChange(updateQueueSlots);

/** DELETE /api/queue/slots: forgets the member's own slots, so FitPost's suggested week applies again. */
function resetQueueSlots(): Promise<QueueSlots> {
  return apiRequest('/api/queue/slots', { method: 'DELETE', schema: checkedByServer<QueueSlots>() });
}

export const useResetQueueSlots = () => useSlotsChange<void>(resetQueueSlots);
