import type { CallKind, HttpAnswer, HttpRequest } from '../http.js';
import { send } from '../http.js';
import type { PlatformSettings } from '../types.js';
import { linkedInFailure } from './errors.js';

export const READ: CallKind = { network: 'linkedin' };
export const PUBLISH: CallKind = { network: 'linkedin', publishes: true };

interface LinkedInCall {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  token?: string;
  json?: unknown;
  form?: URLSearchParams;
  bytes?: { data: Buffer; type: string };
  /** The versioned /rest APIs want LinkedIn-Version and the Rest.li 2.0 protocol header. */
  versioned?: boolean;
  publishes?: boolean;
}

/** One request to LinkedIn: its headers for the body and the versioned APIs; a refusal throws PlatformError. */
export type LinkedInCaller = (spec: LinkedInCall) => Promise<HttpAnswer>;

/** The LinkedIn caller for these settings. */
export function linkedInCaller(settings: PlatformSettings): LinkedInCaller {
  const { version } = settings.linkedin;
  return async function call(spec: LinkedInCall): Promise<HttpAnswer> {
    const headers: Record<string, string> = {};
    if (spec.token !== undefined) headers.authorization = `Bearer ${spec.token}`;
    if (spec.versioned) {
      headers['linkedin-version'] = version;
      headers['x-restli-protocol-version'] = '2.0.0';
    }
    let body: string | Uint8Array | undefined;
    if (spec.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.json);
    } else if (spec.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = spec.form.toString();
    } else if (spec.bytes) {
      headers['content-type'] = spec.bytes.type;
      body = spec.bytes.data;
    }
    const request: HttpRequest = {
      network: 'linkedin',
      method: spec.method,
      url: spec.url,
      headers,
      body,
      timeoutMs: settings.timeoutMs,
      publishes: spec.publishes,
    };
    const answer = await send(request);
    if (!answer.ok) throw linkedInFailure(request, answer);
    return answer;
  };
}

export function personUrn(memberId: string): string {
  return `urn:li:person:${memberId}`;
}

export function postUrl(urn: string): string {
  return `https://www.linkedin.com/feed/update/${urn}/`;
}
