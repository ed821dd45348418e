import { z } from 'zod';

import { type ErrorBase, messages, PlatformError, reasonFrom } from '../errors.js';
import { commonFailure, type HttpAnswer, type HttpRequest, parseJson } from '../http.js';

const problemSchema = z.object({
  title: z.string().optional(),
  detail: z.string().optional(),
  type: z.string().optional(),
  errors: z
    .array(
      z.object({
        message: z.string().optional(),
        code: z.number().optional(),
        detail: z.string().optional(),
      }),
    )
    .optional(),
});

/**
 * X's refusals ("Response codes and errors"): v2 answers RFC 7807 problems, the OAuth endpoints the v1.1
 * `{ errors: [{ code, message }] }` shape.
 */
export function xFailure(request: HttpRequest, answer: HttpAnswer, connecting: boolean): PlatformError {
  const problem = problemSchema.safeParse(parseJson(answer.text));
  const body = problem.success ? problem.data : {};
  const firstError = body.errors?.[0];
  const code =
    body.type ?? (firstError?.code === undefined ? String(answer.status) : String(firstError.code));
  const detail = [body.detail, ...(body.errors ?? []).map((e) => e.message ?? e.detail)]
    .filter(Boolean)
    .join(' ');
  const base: ErrorBase = {
    network: 'x',
    status: answer.status,
    code,
    detail: detail || answer.text.slice(0, 500),
  };
  const common = commonFailure(request, answer, {
    code,
    detail: base.detail,
    retryAfterMs: xRetryAfter(answer.headers),
  });
  if (common) return common;
  if (connecting) return connectFailure(answer.status, firstError?.code, base);
  if (answer.status === 401)
    return new PlatformError({ ...base, kind: 'auth', message: messages.revoked('x') });
  if (/duplicate/i.test(detail))
    return new PlatformError({ ...base, kind: 'content', message: messages.duplicate('x') });
  if (answer.status === 403 && /oauth1-permissions|client-forbidden|not-authorized/.test(code)) {
    return new PlatformError({ ...base, kind: 'auth', message: messages.permission('x') });
  }
  if (/too long/i.test(detail)) {
    return new PlatformError({
      ...base,
      kind: 'content',
      message:
        'X refused the post because it is longer than X allows (280 characters, each link counting as 23).',
    });
  }
  if (/media/i.test(detail)) {
    return new PlatformError({
      ...base,
      kind: 'content',
      message: 'X refused the graphic attached to the post.',
    });
  }
  return new PlatformError({ ...base, kind: 'content', message: messages.refused('x', reasonFrom(detail)) });
}

function connectFailure(status: number, v1Code: number | undefined, base: ErrorBase): PlatformError {
  // v1.1 codes: 32 could not authenticate, 89 invalid or expired token, 415 callback URL not approved.
  const message =
    v1Code === 415
      ? 'X refused FitPost’s callback address; ask your administrator to register it in the X app.'
      : v1Code === 89
        ? 'The X authorization expired or was already used; connect X again.'
        : status === 401
          ? 'X did not accept FitPost’s app credentials; ask your administrator to check the X settings.'
          : 'X refused to connect your account; please try again.';
  return new PlatformError({ ...base, kind: 'auth', message });
}

/**
 * "Rate limits": 429 with x-rate-limit-reset (epoch seconds) for the 15-minute window, and the 24-hour
 * user and app limits of POST /2/tweets in x-user-limit-24hour-* / x-app-limit-24hour-*. The window that
 * is exhausted decides; if none says so, the 15-minute reset.
 */
export function xRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  const windows = [
    ['x-rate-limit-remaining', 'x-rate-limit-reset'],
    ['x-user-limit-24hour-remaining', 'x-user-limit-24hour-reset'],
    ['x-app-limit-24hour-remaining', 'x-app-limit-24hour-reset'],
  ] as const;
  const exhausted = windows
    .filter(([remaining]) => headers.get(remaining) === '0')
    .map(([, reset]) => Number(headers.get(reset)))
    .filter((reset) => Number.isFinite(reset) && reset > 0);
  const fallback = Number(headers.get('x-rate-limit-reset'));
  const resets =
    exhausted.length > 0 ? exhausted : Number.isFinite(fallback) && fallback > 0 ? [fallback] : [];
  if (resets.length === 0) return undefined;
  return Math.max(0, Math.max(...resets) * 1000 - now);
}
