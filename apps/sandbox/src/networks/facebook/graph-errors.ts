/** Graph API errors: `{ error: { message, type, code, error_subcode?, fbtrace_id } }` ("Handling Errors"). */
import { ProtocolError } from '../../http.js';
import type { Fault } from '../faults.js';
import { randomToken } from '../network.js';
import type { FaultAnswers } from '../publish-call.js';

export interface GraphErrorSpec {
  message: string;
  code: number;
  subcode?: number;
  type?: string;
  userTitle?: string;
  userMessage?: string;
  transient?: boolean;
}

/** Graph answers most errors with 400, permission errors with 403, and outages with 5xx. */
export function graphError(
  status: number,
  spec: GraphErrorSpec,
  headers: Record<string, string> = {},
): ProtocolError {
  return new ProtocolError(
    status,
    {
      error: {
        message: spec.message,
        type: spec.type ?? 'OAuthException',
        code: spec.code,
        ...(spec.subcode === undefined ? {} : { error_subcode: spec.subcode }),
        ...(spec.transient === undefined ? {} : { is_transient: spec.transient }),
        ...(spec.userTitle === undefined ? {} : { error_user_title: spec.userTitle }),
        ...(spec.userMessage === undefined ? {} : { error_user_msg: spec.userMessage }),
        fbtrace_id: randomToken(8),
      },
    },
    headers,
  );
}

/** OAuthException 190: the token is unparseable, expired (subcode 463) or no longer authorized (458). */
export function invalidToken(message: string, subcode?: number): ProtocolError {
  return graphError(
    400,
    { message, code: 190, subcode },
    { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message.replaceAll('"', "'")}"` },
  );
}

export function revokedToken(appId: string): ProtocolError {
  return invalidToken(
    `Error validating access token: The user has not authorized application ${appId}.`,
    458,
  );
}

/** Code 100, "Invalid parameter": what Graph answers to a missing or malformed argument. */
export function invalidParameter(message: string, subcode?: number): ProtocolError {
  return graphError(400, { message: `(#100) ${message}`, code: 100, subcode, type: 'OAuthException' });
}

/** Code 100 subcode 33: the object does not exist or the token cannot see it. */
export function unsupportedRequest(method: string, id: string): ProtocolError {
  return graphError(400, {
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    code: 100,
    subcode: 33,
    type: 'GraphMethodException',
  });
}

/** Code 200: a permission problem, e.g. posting to a Page without its Page access token. */
export function permissionError(message: string): ProtocolError {
  return graphError(403, { message: `(#200) ${message}`, code: 200 });
}

function usageHeaders(objectId: string, type: 'pages' | 'instagram', fault: Fault): Record<string, string> {
  // "Rate Limits": BUC usage is per object id; estimated_time_to_regain_access is in minutes.
  const minutes = Math.ceil((fault.resetSeconds ?? 60) / 60);
  const usage = { call_count: 100, total_cputime: 100, total_time: 100 };
  return {
    'x-app-usage': JSON.stringify(usage),
    'x-business-use-case-usage': JSON.stringify({
      [objectId]: [{ type, ...usage, estimated_time_to_regain_access: minutes }],
    }),
  };
}

/**
 * Graph's answers to injected publish failures. Throttling is not a 429 on Graph: the request fails with an
 * error code (80001 Pages, 80002 Instagram, Business Use Case limits) and the usage headers say how long to wait.
 */
export function graphFaultAnswers(
  network: 'facebook' | 'instagram',
  objectId: string,
  appId: string,
): FaultAnswers {
  return {
    rateLimited: (fault) =>
      graphError(
        400,
        network === 'facebook'
          ? {
              message:
                '(#80001) There have been too many calls to this Page account. Wait a bit and try again.',
              code: 80001,
              transient: true,
            }
          : {
              message:
                '(#80002) There have been too many calls to this Instagram account. Wait a bit and try again.',
              code: 80002,
              transient: true,
            },
        usageHeaders(objectId, network === 'facebook' ? 'pages' : 'instagram', fault),
      ),
    // Code 2, "API Service": a temporary outage; retry later.
    serverError: () =>
      graphError(500, {
        message: 'An unexpected error has occurred. Please retry your request later.',
        code: 2,
        transient: true,
      }),
    revoked: () => revokedToken(appId),
  };
}
