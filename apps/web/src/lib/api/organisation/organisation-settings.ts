import {
  organisationSettings,
  type OrganisationSettings,
  type OrganisationSettingsBody,
} from '@fitpost/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { organisationKeys } from './keys';

/** GET /api/settings/organisation (admins). */
function getOrganisationSettings(signal?: AbortSignal): Promise<OrganisationSettings> {
  return apiRequest('/api/settings/organisation', { schema: organisationSettings, signal });
}

export function useOrganisationSettings() {
  return useQuery({
    queryKey: organisationKeys.settings,
    queryFn: ({ signal }) => getOrganisationSettings(signal),
  });
}

/** PUT /api/settings/organisation: answers the saved settings with the change recorded. */
function updateOrganisationSettings(body: OrganisationSettingsBody): Promise<OrganisationSettings> {
  return apiRequest('/api/settings/organisation', { method: 'PUT', body, schema: organisationSettings });
}

export function useUpdateOrganisationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(organisationKeys.settings, saved);
      // The editors check captions with the health-claim rules saved here.
      void queryClient.invalidateQueries({ queryKey: organisationKeys.healthClaims });
    },
  });
}
