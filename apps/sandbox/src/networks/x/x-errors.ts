/** X's error bodies: API v2 answers RFC 7807 problems, the OAuth endpoints the v1.1 `{ errors: [...] }` shape. */
import { ProtocolError } from '../../http.js';
import type { Fault } from '../faults.js';
import type { FaultAnswers } from '../publish-call.js';

/** X API v2 "Response codes and errors": failed authentication on a v2 endpoint. */
export function unauthorized(): ProtocolError {
  return new ProtocolError(401, {
    title: 'Unauthorized',
    type: 'about:blank',
    status: 401,
    detail: 'Unauthorized',
  });
}

/** X API v2 "Response codes and errors": a refused request, with X's own explanation. */
export function forbidden(detail: string): ProtocolError {
  return new ProtocolError(403, { detail, type: 'about:blank', title: 'Forbidden', status: 403 });
}

/** X API v2 invalid-request problem (400), one entry per parameter that failed. */
export function invalidRequest(messages: readonly string[]): ProtocolError {
  return new ProtocolError(400, {
    errors: messages.map((message) => ({ message })),
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  });
}

/** OAuth 1.0a endpoints ("oauth/request_token" etc.) answer in the v1.1 error format. */
export function oauthError(status: number, code: number, message: string): ProtocolError {
  return new ProtocolError(status, { errors: [{ code, message }] });
}

/** v1.1 error 32, what X answers to a request it cannot authenticate. */
export function couldNotAuthenticate(): ProtocolError {
  return oauthError(401, 32, 'Could not authenticate you.');
}

/** The POST /2/tweets per-user limit from X's rate-limit table, quoted in the rate-limit headers. */
const TWEET_RATE_LIMIT = 200;
const DEFAULT_RESET_SECONDS = 15 * 60;

/** X's answers to injected publish failures. */
export const xFaultAnswers: FaultAnswers = {
  // X API "Rate limits": 429 with x-rate-limit-limit / -remaining / -reset (epoch seconds).
  rateLimited(fault: Fault) {
    const reset = Math.ceil(Date.now() / 1000) + (fault.resetSeconds ?? DEFAULT_RESET_SECONDS);
    return new ProtocolError(
      429,
      { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      {
        'x-rate-limit-limit': String(TWEET_RATE_LIMIT),
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(reset),
      },
    );
  },
  // X API "Response codes and errors": 503 Service Unavailable, "X servers are up, but overloaded".
  serverError() {
    return new ProtocolError(503, {
      title: 'Service Unavailable',
      detail: 'Service Unavailable',
      type: 'about:blank',
      status: 503,
    });
  },
  revoked: unauthorized,
};
