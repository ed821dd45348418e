import {
  emailApi,
  emailPreferences,
  type EmailPreferences,
  type EmailPreferencesUpdate,
} from '@fitpost/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { emailKeys } from './keys';

/** GET /api/email/preferences: which kinds of notification and message I also get by email. */
function getEmailPreferences(signal?: AbortSignal): Promise<EmailPreferences> {
  return apiRequest(emailApi.preferences, { schema: emailPreferences, signal });
}

export function useEmailPreferences() {
  return useQuery({ queryKey: emailKeys.preferences, queryFn: ({ signal }) => getEmailPreferences(signal) });
}

/** PUT /api/email/preferences: turns the kinds named on or off. */
function updateEmailPreferences(input: EmailPreferencesUpdate): Promise<EmailPreferences> {
  return apiRequest(emailApi.preferences, { method: 'PUT', body: input, schema: emailPreferences });
}

export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(emailKeys.preferences, saved),
  });
}
