import { errorBody, messages } from '@fitpost/contract';
import { browser } from './browser';
import { clearStoredUser, getStoredUser } from './session';

/** Anything with zod's `parse`: the contract's schemas, without the web app depending on zod itself. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a `FormData` is sent as multipart/form-data (e.g. an image upload). */
  body?: unknown;
  signal?: AbortSignal;
}

/** A failed call: `text` is what the user may be shown (spec §8 "Call error text"). */
export class ApiError extends Error {
  /** HTTP status, or null when no response arrived. */
  readonly status: number | null;
  /** The server's stable error code, or one of `network_error`, `invalid_response`, `http_error`. */
  readonly code: string;
  readonly text: string;

  constructor(init: { status: number | null; code: string; text: string; cause?: unknown }) {
    super(init.text, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.text = init.text;
  }
}

/** The text a failed response shows (spec §8); `body` is the parsed JSON, if the body was JSON. */
export function callErrorText(body: unknown, rawText: string): string {
  if (Array.isArray(body)) {
    const descriptions = body
      .map((item: unknown) =>
        typeof item === 'object' && item !== null && 'description' in item ? String(item.description) : '',
      )
      .filter((description) => description !== '');
    return descriptions.length > 0 ? descriptions.join('\n') : messages['callError.unknown'];
  }
  const envelope = errorBody.safeParse(body);
  if (envelope.success) return envelope.data.error.message;
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

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause; // a cancelled query, not a failure to report
    throw new ApiError({ status: null, code: 'network_error', text: messages['callError.network'], cause });
  }

  const text = await response.text().catch(() => '');
  const json = parseJson(text);

  if (!response.ok) {
    if (response.status === 401 && token) forceSignOut();
    const envelope = errorBody.safeParse(json);
    throw new ApiError({
      status: response.status,
      code: envelope.success ? envelope.data.error.code : 'http_error',
      text: callErrorText(json, text),
    });
  }

  if (!schema) return undefined;
  try {
    return schema.parse(json);
  } catch (cause) {
    console.error(`Unexpected response from ${method} ${path}`, cause);
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      text: messages['callError.unknown'],
      cause,
    });
  }
}

/** The user-facing text of any error thrown by a call. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.text;
  return messages['callError.unknown'];
}
