/** LinkedIn's error bodies: `{ status, serviceErrorCode?, code, message }` on the API, RFC 6749 on OAuth. */
import { ProtocolError } from '../../http.js';
import type { FaultAnswers } from '../publish-call.js';

export function apiError(
  status: number,
  code: string,
  message: string,
  serviceErrorCode?: number,
): ProtocolError {
  return new ProtocolError(status, {
    status,
    ...(serviceErrorCode === undefined ? {} : { serviceErrorCode }),
    code,
    message,
  });
}

/** OAuth endpoints answer RFC 6749 §5.2 errors, as LinkedIn's Authorization Code Flow page shows. */
export function oauthError(status: number, error: string, description: string): ProtocolError {
  return new ProtocolError(status, { error, error_description: description });
}

export const emptyToken = () => apiError(401, 'EMPTY_ACCESS_TOKEN', 'Empty oauth2 access token', 65604);
export const invalidToken = () => apiError(401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600);
export const expiredToken = () =>
  apiError(401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', 65602);
export const revokedToken = () =>
  apiError(401, 'REVOKED_ACCESS_TOKEN', 'The token used in the request has been revoked by the user', 65601);

/** A missing permission, e.g. posting without w_member_social. */
export function accessDenied(resource: string): ProtocolError {
  return apiError(403, 'ACCESS_DENIED', `Not enough permissions to access: ${resource}`, 100);
}

/** Rest.li validation failure (422), one input error per field, as the versioned APIs report them. */
export function unprocessable(
  errors: readonly { path: string; code: string; description: string }[],
): ProtocolError {
  const message = errors.map((error) => `ERROR :: ${error.path} :: ${error.description}`).join('\n');
  return new ProtocolError(422, {
    errorDetailType: 'com.linkedin.common.error.BadRequest',
    message,
    errorDetails: {
      inputErrors: errors.map((error) => ({
        description: error.description,
        input: { inputPath: { fieldPath: error.path } },
        code: error.code,
      })),
    },
    status: 422,
  });
}

/** LinkedIn's answers to injected publish failures. */
export const linkedInFaultAnswers: FaultAnswers = {
  // API Rate Limiting: a 429 and nothing else; LinkedIn documents no rate-limit or Retry-After headers.
  rateLimited: () =>
    apiError(
      429,
      'TOO_MANY_REQUESTS',
      'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
      101,
    ),
  serverError: () => new ProtocolError(500, { message: 'Internal Server Error', status: 500 }),
  revoked: revokedToken,
};
