import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** Handles one request whose path starts with its route's prefix; `url` is parsed once by the dispatcher. */
export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;

/** One stand-in (SSO, a social network, control endpoints) owning every path under `prefix`. */
export interface Route {
  prefix: string;
  handle: Handler;
}

/** An operational error a handler throws; the dispatcher turns it into `{ error: { code, message, details? } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * An error answered in a stand-in's own wire format (X's problem JSON, Graph's `{ error }`, LinkedIn's
 * `{ status, code, message }`) rather than the sandbox's `{ error: { code, message } }`.
 */
export class ProtocolError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`protocol error ${status}`);
  }
}

/**
 * Applied to every response. Pages load styles and scripts from /assets only. `form-action` is left out on
 * purpose: browsers apply it to the redirects that follow a form post, and signing in ends in a redirect to
 * the relying party's origin. oidc-provider adds the hash of its own inline form_post script to `script-src`.
 */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Paths match a prefix exactly or below it, so `/x` never captures `/xyz`. */
function matches(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The sandbox's single HTTP entry: the first route whose prefix matches handles the request. */
export function createDispatcher(routes: readonly Route[]): RequestListener {
  return (req, res) => {
    // The base only completes the parse; handlers never read the host from it.
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    const route = routes.find((candidate) => matches(url.pathname, candidate.prefix));
    const handle = async () => {
      if (!route) throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
      await route.handle(req, res, url);
    };
    handle().catch((error: unknown) => sendError(res, error));
  };
}

function sendError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof ProtocolError) {
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    sendJson(res, error.status, error.body);
    return;
  }
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    const details = error.details === undefined ? {} : { details: error.details };
    sendJson(res, error.status, { error: { code: error.code, message: error.message, ...details } });
    return;
  }
  console.error('sandbox: unexpected error', error);
  sendJson(res, 500, { error: { code: 'internal', message: 'The sandbox failed to handle this request.' } });
}

/** Rejects methods a path does not serve, naming the ones it does. */
export function allowMethods(req: IncomingMessage, allowed: readonly string[]): void {
  if (!allowed.includes(req.method ?? '')) {
    throw new HttpError(405, 'method_not_allowed', `Use ${allowed.join(' or ')}.`, undefined, {
      allow: allowed.join(', '),
    });
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body), 'no-store');
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  send(res, status, 'text/html; charset=utf-8', html, 'no-store');
}

/** Sends a complete body; `cacheControl` defaults to no-store because most sandbox answers are per-request. */
export function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  cacheControl = 'no-store',
): void {
  res.statusCode = status;
  res.setHeader('content-type', contentType);
  res.setHeader('cache-control', cacheControl);
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

const BODY_LIMIT_BYTES = 64 * 1024;

/** Sends a redirect; 303 after a form post so the browser follows with GET. */
export function sendRedirect(res: ServerResponse, location: string, status = 303): void {
  res.statusCode = status;
  res.setHeader('location', location);
  res.setHeader('cache-control', 'no-store');
  res.end();
}

/** Reads a small request body as text; most sandbox requests are forms and short JSON documents. */
async function readBody(req: IncomingMessage, limitBytes = BODY_LIMIT_BYTES): Promise<string> {
  return (await readBytes(req, limitBytes)).toString('utf8');
}

/** Reads a request body as bytes (media uploads), refusing it once it passes `limitBytes`. */
export async function readBytes(req: IncomingMessage, limitBytes = BODY_LIMIT_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    // Node yields Buffers for a request stream unless setEncoding() was called, which nothing here does.
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limitBytes)
      throw new HttpError(413, 'payload_too_large', `Bodies are limited to ${limitBytes} bytes.`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}

/** Parses a JSON body; the caller validates the shape. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'bad_request', 'The body must be a JSON document.');
  }
}

/**
 * Hands requests under `prefix` to a Koa-style callback (oidc-provider) as if it were mounted there: the path
 * is stripped and `req.baseUrl` names the mount, the express convention oidc-provider reads to build its own
 * endpoint URLs (it would otherwise advertise `/token` instead of `/sso/token`).
 */
export function mountCallback(
  prefix: string,
  callback: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Handler {
  return async (req, res, url) => {
    // Built from the parsed URL the dispatcher matched, so an absolute-form request line cannot confuse it.
    const path = url.pathname.slice(prefix.length);
    Object.assign(req, { url: `${path.startsWith('/') ? path : `/${path}`}${url.search}`, baseUrl: prefix });
    await callback(req, res);
  };
}
