import type { AutoPostSettings } from '@fitpost/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { autoPostKeys } from './keys';

/** GET /api/autoposts/settings: the member's connected accounts and whether each receives Auto-Posts. */
function getAutoPostSettings(signal?: AbortSignal): Promise<AutoPostSettings> {
  return apiRequest('/api/autoposts/settings', { schema: checkedByServer<AutoPostSettings>(), signal });
}

export function useAutoPostSettings() {
  return useQuery({ queryKey: autoPostKeys.settings, queryFn: ({ signal }) => getAutoPostSettings(signal) });
}

type AutoPostSwitch = { connectionId: string; enabled: boolean };

/** PUT /api/autoposts/settings: turns Auto-Post on or off for the accounts named. */
function updateAutoPostSettings(accounts: AutoPostSwitch[]): Promise<AutoPostSettings> {
  return apiRequest('/api/autoposts/settings', {
    method: 'PUT',
    body: { accounts },
    schema: checkedByServer<AutoPostSettings>(),
  });
}

export function useUpdateAutoPostSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAutoPostSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(autoPostKeys.settings, settings);
      // Which upcoming Auto-Posts reach which account follows the opt-in.
      void queryClient.invalidateQueries({ queryKey: autoPostKeys.upcomings });
    },
  });
}
