import { messages, type ErrorBody } from '@fitpost/contract';
import { browser } from './browser';
import { clearStoredUser, getStoredUser } from './session';

/** Anything with zod's `parse`: the contract's schemas, without the web app depending on zod itself. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * The answer of a call the shell or the dashboard makes: typed by the contract, not parsed again
 * here. The server has already checked it against the same schema (its response serializer refuses
 * an answer that does not match), and parsing it here would load zod and build the contract's
 * schemas while a phone draws its first screen (docs/architecture.md §5, "The first screen on a
 * phone"). Every other call parses its answer with the contract's schema.
 */
export function checkedByServer<T>(): ResponseSchema<T> {
  // A trust boundary: the server's serializer checked this answer against the contract's schema.
  return { parse: (data) => data as T };
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a `FormData` is sent as multipart/form-data (e.g. an image upload). */
  body?: unknown;
  signal?: AbortSignal;
}

/** One field the server refused: `path` is the field's dotted path in the request (e.g. `body.link`, `link`). */
export interface FieldProblem {
  path: string;
  message: string;
}

/** A failed call: `text` is what the user may be shown (spec §8 "Call error text"). */
export class ApiError extends Error {
  /** HTTP status, or null when no response arrived. */
  readonly status: number | null;
  /** The server's stable error code, or one of `network_error`, `invalid_response`, `http_error`. */
  readonly code: string;
  readonly text: string;
  /** The fields the server named as wrong (a validation refusal's `details`); empty otherwise. */
  readonly details: FieldProblem[];
  /** A refused sign-in's portal (its support address is shown), or null. */
  readonly portalId: number | null;

  constructor(init: {
    status: number | null;
    code: string;
    text: string;
    details?: FieldProblem[];
    portalId?: number;
    cause?: unknown;
  }) {
    super(init.text, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.text = init.text;
    this.details = init.details ?? [];
    this.portalId = init.portalId ?? null;
  }
}

/**
 * The text a failed response shows (spec §8); `body` is the parsed JSON, if the body was JSON, and
 * `envelope` our error envelope, when it is one.
 */
function callErrorText(body: unknown, rawText: string, envelope: ErrorBody | null): string {
  if (Array.isArray(body)) {
    const descriptions = body
      .map((item: unknown) =>
        typeof item === 'object' && item !== null && 'description' in item ? String(item.description) : '',
      )
      .filter((description) => description !== '');
    return descriptions.length > 0 ? descriptions.join('\n') : messages['callError.unknown'];
  }
  if (envelope) return envelope.error.message;
  return rawText.trim() !== '' ? rawText : messages['callError.unknown'];
}

function buildUrl(path: string, query: RequestOptions['query']): URL {
  // Absolute, so the same code runs in the browser and under Node's fetch in tests.
  const url = new URL(path, window.location.href);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  return url;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Any 401 on an authenticated call: forced sign-out (spec §4). */
function forceSignOut(): void {
  clearStoredUser();
  browser.reload();
}

/**
 * Calls the FitPost API. Sends the bearer token of the stored user, JSON in and out, and parses the
 * response with the contract's schema; without a schema the response body is ignored.
 */
export function apiRequest<T>(
  path: string,
  options: RequestOptions & { schema: ResponseSchema<T> },
): Promise<T>;
export function apiRequest(path: string, options?: RequestOptions): Promise<void>;
export async function apiRequest<T>(
  path: string,
  options: RequestOptions & { schema?: ResponseSchema<T> } = {},
): Promise<T | void> {
  const { method = 'GET', query, body, signal, schema } = options;
  const token = getStoredUser()?.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = body instanceof FormData;
  // Only with a body: Fastify rejects an empty body declared as JSON. A form sets its own boundary.
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  await yieldToBrowser();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause; // a canceled query, not a failure to report
    throw new ApiError({ status: null, code: 'network_error', text: messages['callError.network'], cause });
  }

  const text = await response.text().catch(() => '');
  if (!response.ok) throw await failedResponse(response.status, text, token);
  if (!schema) return undefined;
  return parseAnswer(schema, text, response.status, `${method} ${path}`);
}

/**
 * Starting a request costs the page's main thread a millisecond or more (several on a phone), and a
 * screen starts several at once as its panels appear (the dashboard: six). Each call first yields,
 * so the browser can paint or answer a tap between them, instead of one long task starting them all
 * (docs/benchmarks.md, issue 27). Where the browser has no `scheduler.yield`, calls start at once.
 */
async function yieldToBrowser(): Promise<void> {
  // `scheduler` is not in TypeScript's DOM library yet; Chromium has had it since 129.
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  await scheduler?.yield?.();
}

/** The error of a response outside 2xx; a 401 on an authenticated call signs out (spec §4). */
async function failedResponse(status: number, text: string, token: string | undefined): Promise<ApiError> {
  if (status === 401 && token) forceSignOut();
  const json = parseJson(text);
  const envelope = await readEnvelope(json);
  return new ApiError({
    status,
    code: envelope?.error.code ?? 'http_error',
    text: callErrorText(json, text, envelope),
    details: envelope?.error.details,
    portalId: envelope?.error.portalId,
  });
}

/**
 * Our error envelope (`{ error: { code, message, details? } }`), checked with the contract's schema,
 * or null. The schema loads with the first failed call, not with the app: zod stays off the first
 * screen's load. Should it not load, the response's own text is shown.
 */
async function readEnvelope(json: unknown): Promise<ErrorBody | null> {
  try {
    const { errorBody } = await import('@fitpost/contract');
    const envelope = errorBody.safeParse(json);
    return envelope.success ? envelope.data : null;
  } catch {
    return null;
  }
}

/** A successful answer parsed with the contract's schema; anything else is a call error. */
function parseAnswer<T>(schema: ResponseSchema<T>, text: string, status: number, call: string): T {
  try {
    return schema.parse(parseJson(text));
  } catch (cause) {
    console.error(`Unexpected response from ${call}`, cause);
    throw new ApiError({ status, code: 'invalid_response', text: messages['callError.unknown'], cause });
  }
}

export interface UploadOptions<T> {
  schema: ResponseSchema<T>;
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form with the same rules as `apiRequest` (bearer token, the spec's error texts,
 * 401 → sign-out, the answer parsed with the contract), reporting upload progress: it uses
 * XMLHttpRequest because fetch cannot report it. A canceled upload rejects with an AbortError.
 */
export function apiUpload<T>(path: string, form: FormData, options: UploadOptions<T>): Promise<T> {
  const { schema, onProgress, signal } = options;
  const token = getStoredUser()?.token;
  return new Promise<T>((resolve, reject) => {
    const canceled = () => new DOMException('The upload was canceled.', 'AbortError');
    if (signal?.aborted) {
      reject(canceled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, undefined));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        void failedResponse(xhr.status, xhr.responseText, token).then(reject);
        return;
      }
      try {
        const answer = parseAnswer(schema, xhr.responseText, xhr.status, `POST ${path}`);
        onProgress?.(100);
        resolve(answer);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: null, code: 'network_error', text: messages['callError.network'] }));
    xhr.onabort = () => reject(canceled());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The user-facing text of any error thrown by a call. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.text;
  return messages['callError.unknown'];
}

/**
 * GETs a file (a report's CSV) with the same rules as `apiRequest` (bearer token, error texts, 401 →
 * sign-out); returns its bytes and the file name the server gave in Content-Disposition.
 */
export async function apiDownload(
  path: string,
  options: { query?: RequestOptions['query']; fallbackName: string },
): Promise<{ blob: Blob; fileName: string }> {
  const token = getStoredUser()?.token;
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { headers });
  } catch (cause) {
    throw new ApiError({ status: null, code: 'network_error', text: messages['callError.network'], cause });
  }
  if (!response.ok) throw await failedResponse(response.status, await response.text().catch(() => ''), token);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), fileName: named ?? options.fallbackName };
}
