import { publicConfig, type PublicConfig } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/public-config: organisation name and support address, before anyone signs in. */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiRequest('/api/public-config', { schema: publicConfig, signal });
}

export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
  });
}
