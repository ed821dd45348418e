/**
 * OAuth 1.0a signatures (RFC 5849 §3.4 and §3.5.1), as X describes them on "Creating a signature" and
 * "Authorizing a request": pure functions shared by the sandbox's verifier and by tests that sign requests.
 */
import { createHmac } from 'node:crypto';

/** A request or protocol parameter: name and value, both decoded. Names may repeat (RFC 5849 §3.4.1.3). */
export type OAuthParam = readonly [name: string, value: string];

/** RFC 5849 §3.6: unreserved characters (ALPHA, DIGIT, "-", ".", "_", "~") stay; everything else is %XX of UTF-8. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** RFC 5849 §3.4.1.3.2: encode each name and value, sort by name then value (byte order), join with "&". */
export function normalizeParameters(params: readonly OAuthParam[]): string {
  return params
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([nameA, valueA], [nameB, valueB]) => compare(nameA, nameB) || compare(valueA, valueB))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function compare(a: string, b: string): number {
  // Encoded strings are pure ASCII, so code-unit order is the byte order the RFC asks for.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** RFC 5849 §3.4.1.2: lower-case scheme and host, the port only when it is not the scheme's default, the path. */
export function baseStringUri(scheme: string, host: string, path: string): string {
  const lowerScheme = scheme.toLowerCase().replace(/:$/, '');
  const defaultPort = lowerScheme === 'https' ? ':443' : ':80';
  const lowerHost = host.toLowerCase();
  const authority = lowerHost.endsWith(defaultPort) ? lowerHost.slice(0, -defaultPort.length) : lowerHost;
  return `${lowerScheme}://${authority}${path || '/'}`;
}

/** RFC 5849 §3.4.1: METHOD&encoded(base string URI)&encoded(normalized parameters). */
export function signatureBaseString(method: string, baseUri: string, params: readonly OAuthParam[]): string {
  return [method.toUpperCase(), percentEncode(baseUri), percentEncode(normalizeParameters(params))].join('&');
}

/** RFC 5849 §3.4.2: HMAC-SHA1 keyed with encoded(consumer secret)&encoded(token secret), base64. */
export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return createHmac('sha1', key).update(baseString).digest('base64');
}

const HEADER_PARAM = /\s*([^\s=,]+)\s*=\s*"([^"]*)"\s*(?:,|$)/y;

/**
 * RFC 5849 §3.5.1: `OAuth name="value", …` with percent-encoded values. Returns the parameters decoded,
 * `realm` excluded (§3.4.1.3.1), or undefined when the header is not a well-formed OAuth header.
 */
export function parseAuthorizationHeader(header: string | undefined): OAuthParam[] | undefined {
  const match = /^OAuth\s+/i.exec(header ?? '');
  if (!header || !match) return undefined;
  const params: OAuthParam[] = [];
  HEADER_PARAM.lastIndex = match[0].length;
  while (HEADER_PARAM.lastIndex < header.length) {
    const item = HEADER_PARAM.exec(header);
    if (!item?.[1] || item[2] === undefined) return undefined;
    try {
      const name = decodeURIComponent(item[1]);
      if (name !== 'realm') params.push([name, decodeURIComponent(item[2])]);
    } catch {
      return undefined;
    }
  }
  return params;
}

export interface SignRequestOptions {
  method: string;
  /** The full request URL, query included: query parameters are signed. */
  url: string;
  /** Form body parameters (application/x-www-form-urlencoded only; JSON and multipart bodies are not signed). */
  form?: Record<string, string>;
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
  /** Extra protocol parameters, e.g. oauth_callback or oauth_verifier. */
  extra?: Record<string, string>;
  nonce: string;
  timestamp: number;
}

/** Builds a signed `Authorization: OAuth …` header, as a client of X does (used by tests). */
export function signRequest(options: SignRequestOptions): { header: string; signature: string } {
  const url = new URL(options.url);
  const oauth: Record<string, string> = {
    oauth_consumer_key: options.consumerKey,
    oauth_nonce: options.nonce,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(options.timestamp),
    oauth_version: '1.0',
    ...(options.token === undefined ? {} : { oauth_token: options.token }),
    ...options.extra,
  };
  const params: OAuthParam[] = [
    ...url.searchParams.entries(),
    ...Object.entries(options.form ?? {}),
    ...Object.entries(oauth),
  ];
  const baseUri = baseStringUri(url.protocol, url.host, url.pathname);
  const signature = hmacSha1Signature(
    signatureBaseString(options.method, baseUri, params),
    options.consumerSecret,
    options.tokenSecret,
  );
  const header = Object.entries({ ...oauth, oauth_signature: signature })
    .map(([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`)
    .join(', ');
  return { header: `OAuth ${header}`, signature };
}
