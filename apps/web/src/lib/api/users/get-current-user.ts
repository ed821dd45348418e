import type { MeResponse } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { refreshStoredUser } from '@/lib/session';
import { userKeys } from './keys';

/** GET /api/user/me: the signed-in user's record, without the token. */
function getCurrentUser(signal?: AbortSignal): Promise<MeResponse> {
  return apiRequest('/api/user/me', { schema: checkedByServer<MeResponse>(), signal });
}

/** Fetches the user's record once per signed-in visit and refreshes the stored copy, keeping its token. */
export function useRefreshStoredUser(): void {
  const { data, error } = useQuery({
    queryKey: userKeys.me,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: Infinity,
  });
  useEffect(() => {
    if (data) refreshStoredUser(data);
  }, [data]);
  useEffect(() => {
    // A 401 has already signed the user out; anything else just keeps the stored copy.
    if (error) console.error('Could not refresh the signed-in user', error);
  }, [error]);
}
