/**
 * HTTP for the adapters: global fetch with a timeout, and the one question that decides whether a failed
 * publish may be retried: was the request sent? A failure before the request body left this process
 * (DNS, refused or timed-out connection, TLS) published nothing and is `retry`; a timeout or a dropped
 * connection after it left is `unknown` for the call that creates a post (it may have landed) and `retry`
 * for every other call (reads, uploads, token exchanges: repeating them publishes nothing).
 *
 * fetch does not say how far a request got, so this module listens to undici's diagnostics channels
 * (Node's fetch is undici; "Diagnostics Channel" in the undici docs): `undici:request:create` ties undici's
 * request object to the call (through AsyncLocalStorage, which is the caller's context at that moment) and
 * `undici:request:bodySent` marks it sent.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';

import type { z } from 'zod';

import { messages, networkName, PlatformError } from './errors.js';
import type { NetworkId, PublishMedia } from './types.js';

export interface HttpRequest {
  network: NetworkId;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | URLSearchParams | FormData;
  timeoutMs: number;
  /**
   * True for the one call that creates the post. A lost answer then means the post may exist, so the
   * failure is `unknown` instead of `retry`, and a 502/504 (a gateway that lost the backend's answer) too.
   */
  publishes?: boolean;
}

export interface HttpAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

interface SendProgress {
  /** undici reported creating the request, so `bodySent` can be trusted. */
  observed: boolean;
  bodySent: boolean;
}

const currentCall = new AsyncLocalStorage<SendProgress>();
const progressByRequest = new WeakMap<object, SendProgress>();
let watching = false;

function undiciRequest(message: unknown): object | undefined {
  if (typeof message !== 'object' || message === null || !('request' in message)) return undefined;
  const request = message.request;
  return typeof request === 'object' && request !== null ? request : undefined;
}

function watchUndici(): void {
  if (watching) return;
  watching = true;
  diagnostics.subscribe('undici:request:create', (message) => {
    const progress = currentCall.getStore();
    const request = undiciRequest(message);
    if (!progress || !request) return;
    progress.observed = true;
    progressByRequest.set(request, progress);
  });
  diagnostics.subscribe('undici:request:bodySent', (message) => {
    const request = undiciRequest(message);
    const progress = request && progressByRequest.get(request);
    if (progress) progress.bodySent = true;
  });
}

/** Failures that happen before any byte of the request is written: bad URL, DNS, connecting. */
const BEFORE_SENDING = new Set([
  'ERR_INVALID_URL',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TLS_FAILURE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;

/** The most specific code in an error's cause chain (fetch wraps socket errors in `TypeError: fetch failed`). */
function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth += 1) {
    if (typeof current !== 'object') break;
    if ('code' in current && typeof current.code === 'string') return current.code;
    if (current instanceof AggregateError) return errorCode(current.errors[0]);
    if (current instanceof Error && current.name === 'TimeoutError') return 'timeout';
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

function transportFailure(request: HttpRequest, progress: SendProgress, error: unknown): PlatformError {
  const code = errorCode(error) ?? 'network_error';
  const beforeSending = BEFORE_SENDING.has(code) || TLS_FAILURE.test(code);
  // Without undici's report the safe assumption for a publish is that it went out.
  const sent = !beforeSending && (progress.observed ? progress.bodySent : true);
  const base = { network: request.network, code, cause: error, detail: explain(error) };
  if (!sent)
    return new PlatformError({ ...base, kind: 'retry', message: messages.unreachable(request.network) });
  if (request.publishes) {
    return new PlatformError({ ...base, kind: 'unknown', message: messages.outcomeUnknown(request.network) });
  }
  return new PlatformError({ ...base, kind: 'retry', message: messages.noAnswer(request.network) });
}

/** The error and its causes in one line, for logs. */
function explain(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${explain(error.cause)}` : error.message;
}

/** Sends one request and reads the whole answer within `timeoutMs`. Throws PlatformError only for transport failures. */
export async function send(request: HttpRequest): Promise<HttpAnswer> {
  watchUndici();
  const progress: SendProgress = { observed: false, bodySent: false };
  const signal = AbortSignal.timeout(request.timeoutMs);
  let response: Response;
  try {
    response = await currentCall.run(progress, () =>
      fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal,
        // API calls never redirect; following one would re-send a publish somewhere else.
        redirect: 'manual',
      }),
    );
  } catch (error) {
    throw transportFailure(request, progress, error);
  }
  try {
    const text = await response.text();
    return { status: response.status, ok: response.ok, headers: response.headers, text };
  } catch (error) {
    // The status line arrived, the body did not: a publish that succeeded lost its id.
    const published = request.publishes === true && response.ok;
    throw new PlatformError({
      network: request.network,
      kind: published ? 'unknown' : 'retry',
      message: published ? messages.outcomeUnknown(request.network) : messages.noAnswer(request.network),
      code: errorCode(error) ?? 'body_error',
      status: response.status,
      detail: explain(error),
      cause: error,
    });
  }
}

/** Which call an answer belongs to, as far as judging it goes. */
export type CallKind = Pick<HttpRequest, 'network' | 'publishes'>;

/** Parses an answer's JSON with `schema`; an answer that does not fit is `unknown` for a publish, else `retry`. */
export function readJson<T>(call: CallKind, answer: HttpAnswer, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(parseJson(answer.text));
  if (parsed.success) return parsed.data;
  throw unexpectedAnswer(call, answer, parsed.error.message);
}

/** JSON.parse that answers undefined instead of throwing; error bodies are not always JSON. */
export function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An answer FitPost cannot understand: `unknown` for a publish (it may have worked), else `retry`. */
export function unexpectedAnswer(call: CallKind, answer: HttpAnswer, detail: string): PlatformError {
  return new PlatformError({
    network: call.network,
    kind: call.publishes ? 'unknown' : 'retry',
    message: messages.unexpected(call.network),
    code: 'unexpected_response',
    status: answer.status,
    detail: `${detail}\n${answer.text.slice(0, 500)}`,
  });
}

/**
 * The failures every network answers alike: 429 (rate_limited, `retryAfterMs` from Retry-After unless the
 * network's own headers say better) and 5xx (retry; `unknown` for a publish behind a 502/504, since the
 * gateway may have lost the answer of a backend that did publish). Undefined for other statuses.
 */
export function commonFailure(
  request: HttpRequest,
  answer: HttpAnswer,
  extra: { code?: string; detail?: string; retryAfterMs?: number } = {},
): PlatformError | undefined {
  const base = {
    network: request.network,
    status: answer.status,
    code: extra.code ?? String(answer.status),
    detail: extra.detail ?? answer.text.slice(0, 500),
  };
  if (answer.status === 429) {
    const retryAfterMs = extra.retryAfterMs ?? retryAfterHeader(answer.headers);
    return new PlatformError({
      ...base,
      kind: 'rate_limited',
      message: messages.rateLimited(request.network),
      retryAfterMs,
    });
  }
  if (request.publishes && (answer.status === 502 || answer.status === 504)) {
    return new PlatformError({ ...base, kind: 'unknown', message: messages.outcomeUnknown(request.network) });
  }
  if (answer.status >= 500) {
    return new PlatformError({ ...base, kind: 'retry', message: messages.unavailable(request.network) });
  }
  return undefined;
}

/** RFC 9110 §10.2.3 Retry-After: delay-seconds or an HTTP-date. */
export function retryAfterHeader(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A post's graphic for networks that take an upload: the caller's bytes if it has them, else downloaded. */
export async function loadMedia(
  network: NetworkId,
  media: PublishMedia,
  options: { timeoutMs: number; maxBytes: number },
): Promise<Buffer> {
  if (!media.bytes) return downloadMedia(network, media.url, options);
  try {
    return await media.bytes();
  } catch (error) {
    throw new PlatformError({
      network,
      kind: 'retry',
      code: 'media_unavailable',
      message: 'FitPost could not read the graphic for this post; it will try again shortly.',
      detail: explain(error),
      cause: error,
    });
  }
}

/**
 * Downloads a post's graphic for networks that take an upload. Read-only, so any transport failure is
 * `retry`; a 4xx or an oversized file is `content` (the graphic itself is the problem).
 */
async function downloadMedia(
  network: NetworkId,
  url: string,
  options: { timeoutMs: number; maxBytes: number },
): Promise<Buffer> {
  const request: HttpRequest = { network, method: 'GET', url, timeoutMs: options.timeoutMs };
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    throw transportFailure(request, { observed: false, bodySent: false }, error);
  }
  const graphicProblem = (detail: string) =>
    new PlatformError({
      network,
      kind: 'content',
      message: `FitPost could not read the graphic for this post, so nothing was sent to ${networkName(network)}.`,
      code: 'media_unavailable',
      status: response.status,
      detail,
    });
  if (response.status >= 400 && response.status < 500) {
    await response.body?.cancel();
    throw graphicProblem(`GET ${url} answered ${response.status}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new PlatformError({
      network,
      kind: 'retry',
      message: messages.unreachable(network),
      code: 'media_unavailable',
      status: response.status,
    });
  }
  try {
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > options.maxBytes) throw graphicProblem(`${bytes.length} bytes > ${options.maxBytes}`);
    return bytes;
  } catch (error) {
    if (error instanceof PlatformError) throw error;
    throw transportFailure(request, { observed: true, bodySent: true }, error);
  }
}
