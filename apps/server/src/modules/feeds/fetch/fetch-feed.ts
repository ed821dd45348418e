import { STATUS_CODES } from 'node:http';

import { classifyAddress, type AddressKind } from './address-policy.js';
import { FeedFetchError } from './errors.js';
import { requestHop, systemResolver, type HopResponse, type Resolver } from './guarded-request.js';
import { parseFeedDocument } from './parse.js';
import type { FeedFetchOptions, FeedFetchResult } from './types.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;
const MAX_URL_LENGTH = 2048;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5';

/**
 * Checks a feed address (the member's, or a redirect's target) before anything is sent: http or
 * https only, no credentials, and short enough to store.
 */
function feedUrl(raw: string, redirected: boolean): URL {
  const where = redirected ? 'This feed redirects to an address that' : "This feed's address";
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new FeedFetchError('feed.bad_url', `${where} is not a valid web address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FeedFetchError(
      'feed.bad_url',
      `${where} uses ${url.protocol.replace(/:$/, '')}:, but FitPost only fetches http and https feeds.`,
    );
  if (!url.hostname) throw new FeedFetchError('feed.bad_url', `${where} has no host name.`);
  if (url.username || url.password)
    throw new FeedFetchError(
      'feed.bad_url',
      `${where} contains a user name or password, which FitPost does not send.`,
    );
  if (url.href.length > MAX_URL_LENGTH)
    throw new FeedFetchError('feed.bad_url', `${where} is longer than ${MAX_URL_LENGTH} characters.`);
  url.hash = '';
  return url;
}

function requestHeaders(opts: FeedFetchOptions): Record<string, string> {
  return {
    'user-agent': 'FitPost-FeedReader/1.0',
    accept: ACCEPT,
    'accept-encoding': 'gzip, deflate, br',
    ...(opts.etag ? { 'if-none-match': opts.etag } : {}),
    ...(opts.lastModified ? { 'if-modified-since': opts.lastModified } : {}),
  };
}

const header = (response: HopResponse, name: string): string | null => {
  const value = response.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/** Connection failures in the member's words; the cause stays attached for the logs. */
function asFetchError(error: unknown, timedOut: boolean, timeoutMs: number): FeedFetchError {
  if (timedOut)
    return new FeedFetchError(
      'feed.timeout',
      `The feed's server did not send the whole feed within ${+(timeoutMs / 1000).toFixed(1)} seconds.`,
      { cause: error },
    );
  if (error instanceof FeedFetchError) return error;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code.startsWith('Z_'))
    return new FeedFetchError(
      'feed.malformed',
      "The feed's compressed data is corrupt, so nothing was imported.",
      {
        cause: error,
      },
    );
  const message =
    code === 'ECONNREFUSED'
      ? "The feed's server refused the connection."
      : code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'EPIPE'
        ? "The connection to the feed's server was cut off before the feed arrived."
        : code.startsWith('HPE_')
          ? "The feed's server sent an answer that is not valid HTTP."
          : /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)
            ? "The feed's server has an invalid or untrusted security certificate."
            : code === 'ENETUNREACH' || code === 'EHOSTUNREACH'
              ? "The feed's server cannot be reached from FitPost's network."
              : "FitPost could not reach the feed's server.";
  return new FeedFetchError('feed.unreachable', message, { cause: error });
}

/** What the SSRF tests replace: DNS (names point wherever a test needs) and the address policy. */
export interface FetchSeams {
  resolve: Resolver;
  classify: (address: string) => AddressKind;
}

const realWorld: FetchSeams = { resolve: systemResolver, classify: classifyAddress };

/** A guarded GET's answer: a 304, or a 2xx whose body was read within the size cap. */
type GuardedAnswer =
  | { status: 'not_modified' }
  | { status: 'ok'; body: Buffer; url: URL; header: (name: string) => string | null };

/**
 * One GET through the SSRF guard: every hop's connection checked after DNS, redirects followed
 * (each re-checked) up to `maxRedirects`, a deadline over the whole fetch, the body capped.
 */
async function guardedGet(
  url: string,
  opts: FeedFetchOptions,
  headers: Record<string, string>,
  seams: FetchSeams,
): Promise<GuardedAnswer> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    let current = feedUrl(url, false);
    for (let redirects = 0; ; redirects += 1) {
      const response = await requestHop(current, {
        allowLoopback: opts.allowLoopback,
        redirected: redirects > 0,
        headers,
        signal: deadline.signal,
        ...seams,
      });
      if (REDIRECT_STATUSES.has(response.status)) {
        response.discard();
        const location = header(response, 'location');
        if (!location)
          throw new FeedFetchError(
            'feed.http_error',
            "The feed's server redirected without saying where to.",
          );
        if (redirects >= maxRedirects)
          throw new FeedFetchError(
            'feed.too_many_redirects',
            `This feed redirects more than ${maxRedirects} times, so FitPost stopped following it.`,
          );
        current = feedUrl(new URL(location, current).href, true);
        continue;
      }
      if (response.status === 304) {
        response.discard();
        return { status: 'not_modified' };
      }
      if (response.status < 200 || response.status > 299) {
        response.discard();
        const reason = response.statusMessage || STATUS_CODES[response.status] || 'an error';
        throw new FeedFetchError(
          'feed.http_error',
          `The feed's server answered ${response.status} ${reason} instead of the feed.`,
        );
      }
      const body = await response.read(maxBytes);
      return { status: 'ok', body, url: current, header: (name) => header(response, name) };
    }
  } catch (error) {
    throw asFetchError(error, deadline.signal.aborted, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/** `fetchFeed` with its DNS resolver and address classifier passed in; production passes the real ones. */
export async function fetchFeedWith(
  url: string,
  opts: FeedFetchOptions,
  seams: FetchSeams,
): Promise<FeedFetchResult> {
  const answer = await guardedGet(url, opts, requestHeaders(opts), seams);
  if (answer.status === 'not_modified') return answer;
  const parsed = parseFeedDocument(answer.body, answer.header('content-type') ?? undefined, answer.url.href);
  return {
    status: 'ok',
    title: parsed.title,
    items: parsed.items,
    etag: answer.header('etag'),
    lastModified: answer.header('last-modified'),
  };
}

/**
 * Fetches a feed item's picture through the same guard as the feed itself (for the image proxy:
 * members' browsers never contact the publisher). The bytes are returned unjudged; the caller
 * checks what they are.
 */
export async function fetchFeedImage(url: string, opts: FeedFetchOptions): Promise<Buffer> {
  const headers = {
    'user-agent': 'FitPost-FeedReader/1.0',
    accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9',
  };
  const answer = await guardedGet(url, opts, headers, realWorld);
  if (answer.status !== 'ok') throw new FeedFetchError('feed.http_error', 'No picture came back.');
  return answer.body;
}

/**
 * Fetches a member-supplied feed URL through the SSRF guard (every connection checked after DNS,
 * every redirect re-checked), with a conditional GET, a size cap and a deadline over the whole
 * fetch, and parses RSS 2.0, Atom or JSON Feed. Failures are `FeedFetchError`s with stable codes.
 */
export function fetchFeed(url: string, opts: FeedFetchOptions): Promise<FeedFetchResult> {
  return fetchFeedWith(url, opts, realWorld);
}
