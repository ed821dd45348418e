import type { AutoPostChoice, AutoPostChoiceResult, MemberAutoPost } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { postKeys } from '../posts/keys';
import { autoPostKeys } from './keys';

interface AutoPostChoiceInput {
  /** The Auto-Post. */
  id: string;
  choice: AutoPostChoice;
}

/**
 * PUT /api/autoposts/{id}/choice: 'auto' (as scheduled), 'skip', or 'custom' — the server makes the
 * member's own post from it, which the fan-out then leaves alone.
 */
function setAutoPostChoice(input: AutoPostChoiceInput): Promise<AutoPostChoiceResult> {
  return apiRequest(`/api/autoposts/${encodeURIComponent(input.id)}/choice`, {
    method: 'PUT',
    body: { choice: input.choice },
    schema: checkedByServer<AutoPostChoiceResult>(),
  });
}

/**
 * Sets the member's choice for one occurrence. Every cached list of upcoming Auto-Posts shows it at
 * once; afterwards, refused or not, the Auto-Posts and the member's posts are asked again: a Custom
 * Post adds a post of theirs, going back to Auto-Post removes it, and a refusal (it started
 * publishing) means the Auto-Post changed.
 */
export function useSetAutoPostChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoPostChoice,
    onSuccess: (result, { id }) =>
      queryClient.setQueriesData<MemberAutoPost[]>({ queryKey: autoPostKeys.upcomings }, (list) =>
        list?.map((item) => (item.id === id ? { ...item, ...result } : item)),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: autoPostKeys.all }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
      ]),
  });
}
