import type { UserProperty } from '@fitpost/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { setStoredUserProperties } from '@/lib/session';

export interface PropertyChange {
  userId: string;
  name: string;
  value: string;
}

/** PUT /api/user/{id}/properties with one `{ name: value }` pair; returns the full property list. */
export function updateUserProperty({ userId, name, value }: PropertyChange): Promise<UserProperty[]> {
  return apiRequest(`/api/user/${encodeURIComponent(userId)}/properties`, {
    method: 'PUT',
    body: { [name]: value },
    schema: checkedByServer<UserProperty[]>(),
  });
}

/** Saves a property and keeps the stored user-info record in step (spec §7). */
export function useUpdateUserProperty() {
  return useMutation({
    mutationFn: updateUserProperty,
    onSuccess: (properties) => setStoredUserProperties(properties),
  });
}
