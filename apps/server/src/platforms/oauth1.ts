/**
 * OAuth 1.0a request signing, HMAC-SHA1 (RFC 5849 §3.4–3.6; X's "Creating a signature" and "Authorizing a
 * request" pages walk through the same steps).
 */
import { createHmac, randomBytes } from 'node:crypto';

/** A request or protocol parameter, decoded. Names may repeat (RFC 5849 §3.4.1.3). */
export type OAuthParam = readonly [name: string, value: string];

/** RFC 5849 §3.6: keep ALPHA, DIGIT, "-", ".", "_", "~"; everything else becomes %XX (upper case) of its UTF-8. */
export function percentEncode(value: string): string {
  // encodeURIComponent already leaves exactly the unreserved set plus !'()* alone.
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** RFC 5849 §3.4.1.3.2: encode names and values, sort by name then value (byte order), join as name=value&… */
export function normalizeParameters(params: readonly OAuthParam[]): string {
  return params
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([nameA, valueA], [nameB, valueB]) => compare(nameA, nameB) || compare(valueA, valueB))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function compare(a: string, b: string): number {
  // Encoded strings are ASCII, so UTF-16 code-unit order is the byte order the RFC asks for.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** RFC 5849 §3.4.1.2: scheme and host in lower case, the port only when it is not the scheme's default, the path. */
export function baseStringUri(url: URL): string {
  // URL already lower-cases scheme and host and drops a default port.
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** RFC 5849 §3.4.1: METHOD & encoded base string URI & encoded normalized parameters. */
export function signatureBaseString(method: string, url: URL, params: readonly OAuthParam[]): string {
  return [
    method.toUpperCase(),
    percentEncode(baseStringUri(url)),
    percentEncode(normalizeParameters(params)),
  ].join('&');
}

/** RFC 5849 §3.4.2: HMAC-SHA1 keyed with encoded(consumer secret) & encoded(token secret), base64. */
export function hmacSha1(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  return createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`)
    .update(baseString)
    .digest('base64');
}

export interface SignedRequest {
  method: string;
  /** The full URL; its query parameters are signed (RFC 5849 §3.4.1.3.1). */
  url: string;
  /** Form parameters of an application/x-www-form-urlencoded body; JSON and multipart bodies are not signed. */
  form?: URLSearchParams;
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
  /** Extra protocol parameters: oauth_callback, oauth_verifier. */
  oauth?: Record<string, string>;
  /** Fixed in tests; random (RFC 5849 §3.3) and the current time otherwise. */
  nonce?: string;
  timestamp?: number;
}

/** The protocol parameters and their signature for one request. */
export function sign(request: SignedRequest): {
  oauth: Record<string, string>;
  signature: string;
  baseString: string;
} {
  const url = new URL(request.url);
  const oauth: Record<string, string> = {
    oauth_consumer_key: request.consumerKey,
    oauth_nonce: request.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(request.timestamp ?? Math.floor(Date.now() / 1000)),
    ...(request.token === undefined ? {} : { oauth_token: request.token }),
    oauth_version: '1.0',
    ...request.oauth,
  };
  const params: OAuthParam[] = [
    ...url.searchParams.entries(),
    ...(request.form?.entries() ?? []),
    ...Object.entries(oauth),
  ];
  const baseString = signatureBaseString(request.method, url, params);
  return { oauth, signature: hmacSha1(baseString, request.consumerSecret, request.tokenSecret), baseString };
}

/** RFC 5849 §3.5.1: `Authorization: OAuth name="value", …` with every name and value percent-encoded. */
export function authorizationHeader(request: SignedRequest): string {
  const { oauth, signature } = sign(request);
  const fields = Object.entries({ ...oauth, oauth_signature: signature }).map(
    ([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`,
  );
  return `OAuth ${fields.join(', ')}`;
}
