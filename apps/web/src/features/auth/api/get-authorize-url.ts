import { authorizeResponse } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authKeys } from './keys';

/** GET /api/auth/authorize?host=…: the provider's authorize page, returning to this host's /oauth. */
async function getAuthorizeUrl(host: string, signal?: AbortSignal): Promise<string> {
  const { url } = await apiRequest('/api/auth/authorize', {
    query: { host },
    schema: authorizeResponse,
    signal,
  });
  return url;
}

export function useAuthorizeUrl(host: string, enabled: boolean) {
  return useQuery({
    queryKey: authKeys.authorize(host),
    queryFn: ({ signal }) => getAuthorizeUrl(host, signal),
    enabled,
    // Each URL carries a fresh single-use state: never reuse one from the cache.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
