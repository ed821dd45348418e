import type { UserUpsert } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './keys';

/** Upsert (spec §7): POST /api/user when the id is empty or 0, otherwise PUT /api/user/{id}. */
function upsertUser(user: UserUpsert): Promise<void> {
  const isNew = user.id === undefined || user.id === '' || user.id === 0;
  return isNew
    ? apiRequest('/api/user', { method: 'POST', body: user })
    : apiRequest(`/api/user/${encodeURIComponent(String(user.id))}`, { method: 'PUT', body: user });
}

export function useUpsertUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
