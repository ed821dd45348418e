import { healthClaimSettings, type HealthClaimSettings } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { organisationKeys } from './keys';

/** GET /api/settings/health-claims: the rules switched off and the organisation's own phrases. */
function getHealthClaimSettings(signal?: AbortSignal): Promise<HealthClaimSettings> {
  return apiRequest('/api/settings/health-claims', { schema: healthClaimSettings, signal });
}

export function useHealthClaimSettings() {
  return useQuery({
    queryKey: organisationKeys.healthClaims,
    queryFn: ({ signal }) => getHealthClaimSettings(signal),
    staleTime: 5 * 60_000,
  });
}
