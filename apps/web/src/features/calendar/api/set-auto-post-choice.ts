import { autoPostChoiceResult, type AutoPostChoice, type AutoPostChoiceResult } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { calendarKeys } from './query-keys';

export interface AutoPostChoiceInput {
  autoPostId: string;
  choice: AutoPostChoice;
}

/**
 * PUT /api/autoposts/{id}/choice: 'auto' (as scheduled), 'skip', or 'custom' — the server makes the
 * member's own post from it, which the fan-out then leaves alone.
 */
export function setAutoPostChoice(input: AutoPostChoiceInput): Promise<AutoPostChoiceResult> {
  return apiRequest(`/api/autoposts/${encodeURIComponent(input.autoPostId)}/choice`, {
    method: 'PUT',
    body: { choice: input.choice },
    schema: autoPostChoiceResult,
  });
}

/**
 * Sets the member's choice for one occurrence. The calendar asks again for both lists afterwards,
 * refused or not: a Custom Post adds a post of theirs, going back to Auto-Post removes it, and a
 * refusal (it started publishing) means the Auto-Post changed.
 */
export function useSetAutoPostChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoPostChoice,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarKeys.autoPosts }),
        queryClient.invalidateQueries({ queryKey: calendarKeys.ranges }),
      ]),
  });
}
