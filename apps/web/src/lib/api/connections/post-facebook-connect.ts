import { socialConnectionList, type SocialConnection } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateConnections } from './get-connections';

interface FacebookConnect {
  pendingId: string;
  pageIds: string[];
  instagramIds: string[];
}

/** POST /api/social/facebook/connect `{ pendingId, pageIds, instagramIds }` → the connections added. */
function postFacebookConnect(body: FacebookConnect): Promise<SocialConnection[]> {
  return apiRequest('/api/social/facebook/connect', { method: 'POST', body, schema: socialConnectionList });
}

export function useFacebookConnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postFacebookConnect,
    onSuccess: () => invalidateConnections(queryClient),
  });
}
