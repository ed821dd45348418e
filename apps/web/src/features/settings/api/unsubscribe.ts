import { emailApi, unsubscribeResult, type UnsubscribeResult } from '@fitpost/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/email/unsubscribe?token=: the link's member stops getting the link's kind of email. */
export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return apiRequest(emailApi.unsubscribe, { method: 'POST', query: { token }, schema: unsubscribeResult });
}

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
