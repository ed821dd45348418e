import { healthClaimSettings, type HealthClaimSettings } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** React-query key of the organisation's health-claim rules (any member reads them). */
export const healthClaimKeys = { settings: ['organisation', 'health-claims'] as const };

/** GET /api/settings/health-claims: the rules switched off and the organisation's own phrases. */
export function getHealthClaimSettings(signal?: AbortSignal): Promise<HealthClaimSettings> {
  return apiRequest('/api/settings/health-claims', { schema: healthClaimSettings, signal });
}

export function useHealthClaimSettings() {
  return useQuery({
    queryKey: healthClaimKeys.settings,
    queryFn: ({ signal }) => getHealthClaimSettings(signal),
    staleTime: 5 * 60_000,
  });
}
