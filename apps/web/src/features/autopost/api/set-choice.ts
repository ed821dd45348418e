import { memberAutoPost, type AutoPostChoice, type MemberAutoPost } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './query-keys';

// The route answers `{ choice, customPostId }`: the same two fields as on a member's Auto-Post.
const choiceResult = memberAutoPost.pick({ choice: true, customPostId: true });
export type ChoiceResult = Pick<MemberAutoPost, 'choice' | 'customPostId'>;

/**
 * PUT /api/autoposts/{id}/choice: 'auto' (as scheduled), 'skip', or 'custom' — the server makes the
 * member's own post from it, which the fan-out then leaves alone.
 */
export function setAutoPostChoice(input: { id: string; choice: AutoPostChoice }): Promise<ChoiceResult> {
  return apiRequest(`/api/autoposts/${encodeURIComponent(input.id)}/choice`, {
    method: 'PUT',
    body: { choice: input.choice },
    schema: choiceResult,
  });
}

export function useSetAutoPostChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoPostChoice,
    onSuccess: (result, { id }) => {
      // The accounts an occurrence goes to change with the choice: the list is asked again.
      queryClient.setQueryData<MemberAutoPost[]>(autoPostKeys.upcoming, (list) =>
        list?.map((item) => (item.id === id ? { ...item, ...result } : item)),
      );
      void queryClient.invalidateQueries({ queryKey: autoPostKeys.upcoming });
    },
  });
}
