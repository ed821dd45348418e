import type { z } from 'zod';

import { type CallKind, type HttpAnswer, type HttpRequest, send, unexpectedAnswer } from '../http.js';
import { authorizationHeader } from '../oauth1.js';
import type { PlatformSettings, XCredentials } from '../types.js';
import { xFailure } from './errors.js';

export const READ: CallKind = { network: 'x' };
export const PUBLISH: CallKind = { network: 'x', publishes: true };

interface XCall {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  credentials?: XCredentials;
  /** Extra OAuth protocol parameters (oauth_callback, oauth_verifier). */
  oauth?: Record<string, string>;
  publishes?: boolean;
  /** The OAuth endpoints, whose refusals mean "connect again" rather than anything about a post. */
  connecting?: boolean;
}

/** One request to X, signed with OAuth 1.0a; a refusal throws PlatformError. */
export type XCaller = (spec: XCall) => Promise<HttpAnswer>;

/** The X caller for these settings. */
export function xCaller(settings: PlatformSettings): XCaller {
  const { apiUrl, consumerKey, consumerSecret } = settings.x;
  return async function call(spec: XCall): Promise<HttpAnswer> {
    const query = spec.query ? `?${new URLSearchParams(spec.query).toString()}` : '';
    const url = `${apiUrl}${spec.path}${query}`;
    const headers: Record<string, string> = {
      authorization: authorizationHeader({
        method: spec.method,
        url,
        consumerKey,
        consumerSecret,
        token: spec.credentials?.token,
        tokenSecret: spec.credentials?.tokenSecret,
        oauth: spec.oauth,
      }),
    };
    if (spec.json !== undefined) headers['content-type'] = 'application/json';
    const request: HttpRequest = {
      network: 'x',
      method: spec.method,
      url,
      headers,
      body: spec.json === undefined ? undefined : JSON.stringify(spec.json),
      timeoutMs: settings.timeoutMs,
      publishes: spec.publishes,
    };
    const answer = await send(request);
    if (!answer.ok) throw xFailure(request, answer, spec.connecting ?? false);
    return answer;
  };
}

/** The OAuth endpoints answer application/x-www-form-urlencoded, not JSON. */
export function formAnswer<T>(answer: HttpAnswer, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(Object.fromEntries(new URLSearchParams(answer.text)));
  if (!parsed.success) throw unexpectedAnswer(READ, answer, parsed.error.message);
  return parsed.data;
}

/** Works without the handle, which a target does not carry. */
export function postUrl(id: string): string {
  return `https://x.com/i/web/status/${id}`;
}
