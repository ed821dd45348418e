import { z } from 'zod';

import { type ErrorBase, messages, PlatformError, reasonFrom } from '../errors.js';
import { commonFailure, type HttpAnswer, type HttpRequest, parseJson, retryAfterHeader } from '../http.js';

const errorSchema = z.object({
  status: z.number().optional(),
  serviceErrorCode: z.number().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/**
 * LinkedIn's refusals: `{ status, serviceErrorCode, code, message }` from the API, RFC 6749 errors from the
 * OAuth endpoints ("Error Handling", "Authorization Code Flow").
 */
export function linkedInFailure(request: HttpRequest, answer: HttpAnswer): PlatformError {
  const parsed = errorSchema.safeParse(parseJson(answer.text));
  const body = parsed.success ? parsed.data : {};
  const code = body.code ?? body.error ?? String(answer.status);
  const detail = body.message ?? body.error_description ?? answer.text.slice(0, 500);
  const base: ErrorBase = { network: 'linkedin', status: answer.status, code, detail };
  const common = commonFailure(request, answer, {
    code,
    detail,
    retryAfterMs: linkedInRetryAfter(answer, detail),
  });
  if (common) return common;
  if (body.error !== undefined) {
    // The OAuth endpoints: a bad, used or expired code or refresh token, or wrong client credentials.
    return new PlatformError({
      ...base,
      kind: 'auth',
      message:
        body.error === 'invalid_client'
          ? 'LinkedIn did not accept FitPost’s app credentials; ask your administrator to check the LinkedIn settings.'
          : 'LinkedIn did not complete the connection (the sign-in may have expired); connect LinkedIn again.',
    });
  }
  if (answer.status === 401) {
    // 65601 REVOKED_ACCESS_TOKEN, 65602 EXPIRED_ACCESS_TOKEN, 65600 INVALID_ACCESS_TOKEN.
    const revoked = code === 'REVOKED_ACCESS_TOKEN' || body.serviceErrorCode === 65601;
    return new PlatformError({
      ...base,
      kind: 'auth',
      message: revoked ? messages.revoked('linkedin') : messages.expired('linkedin'),
    });
  }
  if (answer.status === 403)
    return new PlatformError({ ...base, kind: 'auth', message: messages.permission('linkedin') });
  if (answer.status === 426 || code === 'VERSION_MISSING' || code === 'NONEXISTENT_VERSION') {
    return new PlatformError({
      ...base,
      kind: 'content',
      message:
        'LinkedIn refused the post because FitPost uses a LinkedIn API version it no longer accepts; please tell your administrator.',
    });
  }
  if (/duplicate/i.test(detail))
    return new PlatformError({ ...base, kind: 'content', message: messages.duplicate('linkedin') });
  if (/FIELD_LENGTH_TOO_LONG|too long|exceeds max/i.test(answer.text)) {
    return new PlatformError({
      ...base,
      kind: 'content',
      message: 'LinkedIn refused the post because it is longer than LinkedIn allows (3,000 characters).',
    });
  }
  return new PlatformError({
    ...base,
    kind: 'content',
    message: messages.refused('linkedin', reasonFrom(detail)),
  });
}

/**
 * "API Rate Limiting": a 429 and nothing more; the daily application and member limits reset at midnight
 * UTC. A Retry-After header wins if LinkedIn sends one; a DAY limit waits for midnight UTC.
 */
function linkedInRetryAfter(answer: HttpAnswer, detail: string, now = Date.now()): number | undefined {
  if (answer.status !== 429) return undefined;
  const header = retryAfterHeader(answer.headers, now);
  if (header !== undefined) return header;
  if (!/\bDAY\b/.test(detail)) return undefined;
  const midnight = new Date(now);
  midnight.setUTCHours(24, 0, 0, 0);
  return midnight.getTime() - now;
}

/**
 * Reading posts needs r_member_social, which LinkedIn reserves for approved partners: without it the finder
 * answers 403 and FitPost cannot tell whether the post landed. That is `unknown`, not `auth`: the connection
 * still publishes fine; the member has to look at their profile.
 */
export function undeterminable(error: unknown): unknown {
  if (!(error instanceof PlatformError) || error.status !== 403) return error;
  return new PlatformError({
    network: 'linkedin',
    kind: 'unknown',
    code: error.code,
    status: error.status,
    detail: error.detail,
    cause: error,
    message:
      'LinkedIn does not let FitPost read your posts, so it cannot tell whether this one was published. Please check your LinkedIn profile.',
  });
}
