import { publicConfig, type PublicConfig } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authKeys } from './keys';

/**
 * GET /api/public-config[?portalId]: organisation name and support address, before anyone signs
 * in — the portal's own once its admins set them, else the deployment's.
 */
function getPublicConfig(portalId: number | null, signal?: AbortSignal): Promise<PublicConfig> {
  return apiRequest('/api/public-config', {
    query: portalId === null ? undefined : { portalId },
    schema: publicConfig,
    signal,
  });
}

/** The deployment's texts, or (`portalId`) those of the portal a refused sign-in belongs to. */
export function usePublicConfig(portalId: number | null = null) {
  return useQuery({
    queryKey: authKeys.publicConfig(portalId),
    queryFn: ({ signal }) => getPublicConfig(portalId, signal),
    staleTime: Infinity,
  });
}
