import { emailApi, oneClickUnsubscribe, unsubscribeResult, type UnsubscribeResult } from '@fitpost/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/email/unsubscribe?token= with RFC 8058's one field (List-Unsubscribe=One-Click, which
 * the server requires): the link's member stops getting the link's kind of email.
 */
function unsubscribe(token: string): Promise<UnsubscribeResult> {
  const form = new FormData();
  form.set(oneClickUnsubscribe.field, oneClickUnsubscribe.value);
  return apiRequest(emailApi.unsubscribe, {
    method: 'POST',
    query: { token },
    body: form,
    schema: unsubscribeResult,
  });
}

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
